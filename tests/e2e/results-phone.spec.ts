import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * The results as a driver with a phone in one hand sees them: several compact cards with a big Call
 * button on the first screen, the filters behind one button that counts them, a List/Map switch that
 * keeps the question, and a choice that shows at once that it was taken. On a desktop, the list and
 * the map side by side.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const LANGUAGES = [
  {
    prefix: "",
    filters: "Filters",
    masters: "Masters",
    open: "Open now",
    list: "List",
    map: "Map",
    topRated: "Top rated",
    sort: "Sort by",
  },
  {
    prefix: "/ua",
    filters: "Фільтри",
    masters: "Майстри",
    open: "Відчинено зараз",
    list: "Список",
    map: "Мапа",
    topRated: "Найкращі за оцінками",
    sort: "Сортування",
  },
];

/** Holds the router's fetches of pages under `path` (not its prefetches) until the returned function is called. */
async function holdNavigations(page: Page, path: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    const headers = route.request().headers();
    if (headers.rsc && !headers["next-router-prefetch"]) await held;
    await route.continue();
  });
  return release;
}

/** The result cards whose whole box is inside the window. */
function cardsInView(page: Page): Promise<number> {
  return page.locator("main article.card").evaluateAll(
    (cards) =>
      cards.filter((card) => {
        const box = card.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
      }).length,
  );
}

/** Presses Tab until `target` has the focus (the sheet traps it, so it comes round). */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 40; step++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

test.describe("results on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  for (const lang of LANGUAGES) {
    test(`${lang.prefix}/services: four results and their Call buttons on the first screen, the filters behind one button, the top strip only without a question`, async ({
      page,
    }) => {
      await page.goto(`${lang.prefix}/services`);
      await expect(page.locator("main article.card").first()).toBeVisible();
      expect(await cardsInView(page)).toBeGreaterThanOrEqual(4);
      // Each card on the first screen that has a phone number has a Call button a thumb can hit.
      const calls = await page
        .locator("main article.card .card-call")
        .evaluateAll((links) =>
          links.map((link) => link.getBoundingClientRect()).filter((box) => box.bottom <= innerHeight),
        );
      expect(calls.length).toBeGreaterThan(0);
      for (const box of calls) expect(box.height).toBeGreaterThanOrEqual(44);
      // Each card says its rating (or that it is new) and its opening status.
      const first = page.locator("main article.card").first();
      await expect(first.locator("h3")).toBeVisible();
      // The filter form is not on the first screen: one button opens it.
      await expect(page.getByRole("button", { name: lang.masters, exact: true })).toBeHidden();
      await expect(page.getByRole("button", { name: lang.filters, exact: true })).toBeVisible();
      await expect(page.getByLabel(lang.sort)).toBeHidden();
      // The top strip: there without a question, after the results.
      const strip = page.getByRole("heading", { name: lang.topRated });
      await expect(strip).toBeAttached();
      const lastCard = (await page.locator("main article.card").last().boundingBox())!;
      expect((await strip.boundingBox())!.y).toBeGreaterThan(lastCard.y);
      await page.goto(`${lang.prefix}/services?keyword=auto`);
      await expect(page.getByRole("heading", { name: lang.topRated })).toHaveCount(0);
      // The view is no question: the map view's list (hidden behind the map) keeps the strip.
      await page.goto(`${lang.prefix}/services?view=map`);
      await expect(page.getByRole("heading", { name: lang.topRated, includeHidden: true })).toBeAttached();
    });

    test(`${lang.prefix}/services: the filter sheet opens, applies and closes by keyboard and counts the active filters`, async ({
      page,
    }) => {
      await page.goto(`${lang.prefix}/services`);
      const button = page.getByRole("button", { name: lang.filters, exact: true });
      await hydrated(button);
      await button.focus();
      await page.keyboard.press("Enter");
      const sheet = page.getByRole("dialog", { name: lang.filters });
      await expect(sheet).toBeVisible();
      await expect.poll(() => sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);

      const masters = sheet.getByRole("button", { name: lang.masters, exact: true });
      await tabTo(page, masters);
      await page.keyboard.press("Space");
      await expect(page).toHaveURL(/filter=mechanic/);
      await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
      const open = sheet.getByRole("button", { name: lang.open, exact: true });
      await tabTo(page, open);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/open=true/);
      await expect(open).toHaveAttribute("aria-pressed", "true");
      await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
      // Tab stays inside the sheet.
      for (let step = 0; step < 25; step++) {
        await page.keyboard.press("Tab");
        expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }

      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      const counted = page.getByRole("button", { name: `${lang.filters} · 2` });
      await expect(counted).toBeFocused();
      // The results behind it are the masters open now.
      const badges = page.locator("main article.card span.card-role");
      await expect(badges.first()).toHaveText(new RegExp(lang.prefix ? "Майстер" : "Master"));

      // Opened again, its last button shows the results and closes it.
      await page.keyboard.press("Enter");
      await expect(sheet).toBeVisible();
      const show = sheet.getByRole("button", { name: /\d/ }).last();
      await tabTo(page, show);
      await page.keyboard.press("Enter");
      await expect(sheet).toBeHidden();
      await expect(counted).toBeFocused();
    });

    test(`${lang.prefix}/services: the List/Map switch keeps the question, and Back goes back to the list`, async ({
      page,
    }) => {
      await page.goto(`${lang.prefix}/services?filter=sto&sort=rating.desc`);
      const toMap = page.getByRole("button", { name: lang.map, exact: true });
      await hydrated(toMap);
      const cards = page.locator("main article.card");
      await expect(cards.first()).toBeVisible();
      await expect(page.locator("main .leaflet-container")).toHaveCount(0);

      await toMap.click();
      await expect(toMap).toHaveAttribute("aria-pressed", "true");
      await expect(page).toHaveURL(/view=map/);
      await expect(page).toHaveURL(/filter=sto/);
      await expect(page).toHaveURL(/sort=rating\.desc/);
      await expect(page.locator("main .leaflet-container")).toBeVisible();
      await expect(cards.first()).toBeHidden();
      // The map fills most of the screen under the switch.
      expect((await page.locator("main .leaflet-container").boundingBox())!.height).toBeGreaterThan(PHONE.height / 2);

      // The filters still narrow the question while the map is shown, and the map view stays.
      await page.getByRole("button", { name: `${lang.filters} · 2` }).click();
      await page.getByRole("dialog").getByRole("button", { name: lang.open, exact: true }).click();
      await expect(page).toHaveURL(/open=true/);
      await expect(page).toHaveURL(/view=map/);
      await page.keyboard.press("Escape");

      await page.reload();
      await expect(page.locator("main .leaflet-container")).toBeVisible();
      await page.getByRole("button", { name: lang.list, exact: true }).click();
      await expect(cards.first()).toBeVisible();
      await expect(page).not.toHaveURL(/view=map/);
      await expect(page).toHaveURL(/filter=sto/);
      await page.goBack();
      await expect(page).toHaveURL(/view=map/);
      await expect(page.locator("main .leaflet-container")).toBeVisible();
    });

    test(`${lang.prefix}/services: a chip shows that it was taken, and the address changes, before the server answers`, async ({
      page,
    }) => {
      await page.goto(`${lang.prefix}/services`);
      const button = page.getByRole("button", { name: lang.filters, exact: true });
      await hydrated(button);
      const shown = await page.locator("main article.card h3").first().textContent();
      const release = await holdNavigations(page, /\/services\?/);
      await button.click();
      const sheet = page.getByRole("dialog", { name: lang.filters });
      const open = sheet.getByRole("button", { name: lang.open, exact: true });
      await open.click();
      // All of this while the server's answer is held.
      await expect(open).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
      await expect(open).toHaveAttribute("aria-busy", "true", { timeout: 1000 });
      await expect(page).toHaveURL(/open=true/, { timeout: 1000 });
      const results = page.locator("main [aria-busy=true]").filter({ has: page.locator("article.card") });
      await expect(results).toHaveCount(1, { timeout: 1000 });
      await expect(results.locator("article.card h3").first()).toHaveText(shown!);
      // The sort too: its new value stays shown while the list loads.
      const sort = sheet.getByLabel(lang.sort);
      await sort.selectOption("rating.desc");
      await expect(sort).toHaveValue("rating.desc", { timeout: 1000 });
      await expect(page).toHaveURL(/sort=rating\.desc/, { timeout: 1000 });
      release();
      await expect(results).toHaveCount(0);
      await expect(open).toHaveAttribute("aria-pressed", "true");
      await expect(sort).toHaveValue("rating.desc");
      // A choice made while the one before it loads takes over its history entry (Back to it would
      // show the older list under its address): Back goes to the list before both.
      await page.keyboard.press("Escape");
      await page.goBack();
      await expect(page).not.toHaveURL(/open=true|sort=/);
      await expect(page.getByRole("button", { name: lang.filters, exact: true })).toBeVisible();
      await expect(page.locator("main article.card h3").first()).toHaveText(shown!);
      // A choice that has loaded is an entry of its own, which Forward comes back to.
      await page.goForward();
      await expect(page).toHaveURL(/open=true/);
      await expect(page).toHaveURL(/sort=rating\.desc/);
      await expect(page.getByRole("button", { name: `${lang.filters} · 2` })).toBeVisible();
    });
  }
});

test.describe("results on a desktop", () => {
  test.use({ viewport: DESKTOP });

  for (const lang of LANGUAGES) {
    test(`${lang.prefix}/services: the list and the map side by side, the map staying in view`, async ({ page }) => {
      await page.goto(`${lang.prefix}/services`);
      const card = page.locator("main article.card").first();
      const map = page.locator("main .leaflet-container");
      await expect(card).toBeVisible();
      await expect(map).toBeVisible();
      const cardBox = (await card.boundingBox())!;
      const mapBox = (await map.boundingBox())!;
      expect(mapBox.x).toBeGreaterThanOrEqual(cardBox.x + cardBox.width);
      expect(mapBox.y).toBeLessThan(DESKTOP.height);
      // The filters are on the page, not behind a button; there is no List/Map switch.
      await expect(page.getByRole("button", { name: lang.masters, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: lang.filters, exact: true })).toBeHidden();
      await expect(page.getByRole("button", { name: lang.map, exact: true })).toBeHidden();
      // Scrolled down the list, the map is still in view.
      await page.mouse.wheel(0, 1500);
      await expect
        .poll(async () => {
          const box = (await map.boundingBox())!;
          return box.y >= 0 && box.y + box.height <= DESKTOP.height;
        })
        .toBe(true);
    });
  }
});
