import AxeBuilder from "@axe-core/playwright";

import { expect, test } from "./fixtures";

/**
 * What owners wrote, as a service page shows it: a text in the other language than the page's says
 * which it is (lang), the brand list's spelling, and a timetable whose greyed times are still
 * readable (WCAG's 4.5:1), at a phone's and a desktop's width, in both languages.
 */

const CLOSED = { closed: true, opening: "09:00", closing: "18:00" };
/** Closed every day, so today's row (blue) holds a greyed "Closed" whatever day the test runs. */
const ALWAYS_CLOSED = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [day, CLOSED]),
);

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1440, height: 900 } },
];

const LANGUAGES = [
  { prefix: "", lang: "en", brand: "Brand: Chevrolet", closed: "Closed" },
  { prefix: "/ua", lang: "uk", brand: "Марка: Chevrolet", closed: "Вихідний" },
];

const ENGLISH = "Quick oil change and honest brake repairs, open to walk-ins.";
const PRICE_LINE = "Engine wash and detailing";
const UKRAINIAN = "Швидка заміна оливи та чесний ремонт гальм, приймаємо без запису.";

for (const size of SIZES) {
  test.describe(`service page words at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: descriptions carry the other language's lang, the old brand spelling shows as Chevrolet, the closed times pass axe's contrast`, async ({
      page,
      users,
    }) => {
      test.setTimeout(120_000);
      // Sent with the old spelling, as an older client would: taken, and shown in the new.
      const english = await users.create("owner", {
        service: { description: ENGLISH, brand: "Shevrolet", timetable: ALWAYS_CLOSED },
      });
      // An own price line in English: the service page marks it as the description.
      const priced = await english.context.request.put(`/api/items/users/${english.serviceId}/prices`, {
        data: { lines: [{ job: "custom", label: PRICE_LINE, fromUah: 400 }] },
      });
      expect(priced.status()).toBe(200);
      const ukrainian = await users.create("mechanic", {
        service: { description: UKRAINIAN, brand: "Shevrolet", timetable: ALWAYS_CLOSED },
      });

      for (const language of LANGUAGES) {
        for (const { serviceId, text, textLang } of [
          { serviceId: english.serviceId, text: ENGLISH, textLang: "en" },
          { serviceId: ukrainian.serviceId, text: UKRAINIAN, textLang: "uk" },
        ]) {
          await page.goto(`${language.prefix}/service/${serviceId}`);
          const description = page.getByText(text, { exact: true });
          await expect(description).toBeVisible();
          // Marked only where it differs from the page's language; otherwise it inherits <html lang>.
          if (textLang === language.lang) await expect(description).not.toHaveAttribute("lang");
          else await expect(description).toHaveAttribute("lang", textLang);
          if (serviceId === english.serviceId) {
            const line = page.getByText(PRICE_LINE, { exact: true });
            if (language.lang === "en") await expect(line).not.toHaveAttribute("lang");
            else await expect(line).toHaveAttribute("lang", "en");
          }
          await expect(page.getByText(language.brand, { exact: true })).toBeVisible();
          await expect(page.getByText(/Shevrolet/)).toHaveCount(0);

          const today = page.locator('tr[aria-current="date"]');
          await expect(today).toContainText(language.closed);
          const { violations } = await new AxeBuilder({ page })
            .include("table")
            .withRules(["color-contrast"])
            .analyze();
          expect(violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);
        }
      }
    });
  });
}
