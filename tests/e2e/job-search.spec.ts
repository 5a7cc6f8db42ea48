import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * A driver types the job, not a name: "tyre" or «шиномонтаж» in the header's search finds the
 * services that price tyre changes (the demo prices them in Kyiv and Lviv), and each card found so
 * says which price matched; «евакуатор» finds an owner's own tow-truck line.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const LANGUAGES = [
  { prefix: "", code: "en", search: "Search services", tyreChip: /^Tyre change R1[56] from ₴\d+$/, from: "from" },
  { prefix: "/ua", code: "uk", search: "Пошук сервісів", tyreChip: /^Шиномонтаж R1[56] від \d+ ₴$/, from: "від" },
];

async function search(page: Page, prefix: string, label: string, keyword: string) {
  await page.goto(`${prefix}/services`);
  const box = page.getByRole("searchbox", { name: label });
  await hydrated(box);
  await box.fill(keyword);
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("keyword")).toBe(keyword);
}

/** The cards that say which job matched, and the chips' texts. */
async function chips(page: Page) {
  const chip = page.locator("main article.card [data-testid=matched-job]");
  await expect(chip.first()).toBeVisible();
  return chip.allTextContents();
}

test.describe("search that knows the jobs, on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  for (const lang of LANGUAGES)
    for (const keyword of ["tyre", "шиномонтаж"])
      test(`${lang.prefix}/services: «${keyword}» finds the tyre prices and the cards say the price`, async ({
        page,
      }) => {
        await search(page, lang.prefix, lang.search, keyword);
        const texts = (await chips(page)).map((text) => text.replace(/\s/g, " "));
        expect(texts.length).toBeGreaterThanOrEqual(3);
        for (const text of texts) expect(text).toMatch(lang.tyreChip);
        // The chip is shown on a phone's compact card, not hidden with the secondary chips.
        const first = page.locator("main article.card [data-testid=matched-job]").first();
        await first.scrollIntoViewIfNeeded();
        await expect(first).toBeInViewport();
        await page.screenshot({ path: `/work/coord/shots/S-job-search-${lang.code}-${keyword}-390.png` });
      });

  test("«евакуатор» near Kyiv finds an owner's own tow-truck line, in Ukrainian", async ({ page }) => {
    await page.goto(`/ua/services?keyword=${encodeURIComponent("евакуатор")}&near=50.45,30.52`);
    const texts = (await chips(page)).map((text) => text.replace(/\s/g, " "));
    expect(texts).toContain("Евакуатор по Києву від 1 500 ₴");
    await page.screenshot({ path: "/work/coord/shots/S-job-search-uk-tow-390.png" });
  });

  test("a word that names no job finds no priced card", async ({ page }) => {
    await page.goto(`/services?keyword=${encodeURIComponent("машини")}`);
    await expect(page.locator("main [data-testid=matched-job]")).toHaveCount(0);
  });
});

test.describe("search that knows the jobs, on a desktop", () => {
  test.use({ viewport: DESKTOP });

  for (const lang of LANGUAGES)
    test(`${lang.prefix}/services?keyword=tyre shows the chips on a wide screen`, async ({ page }) => {
      await page.goto(`${lang.prefix}/services?keyword=tyre`);
      const texts = (await chips(page)).map((text) => text.replace(/\s/g, " "));
      for (const text of texts) expect(text).toMatch(lang.tyreChip);
      await page.screenshot({ path: `/work/coord/shots/S-job-search-${lang.code}-tyre-1440.png` });
    });
});
