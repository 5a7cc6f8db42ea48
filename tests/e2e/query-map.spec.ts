import type { APIRequestContext, Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * The list's map shows the list's question, not its page: every result of a Kyiv search on the
 * map at once, "Search this area" after the visitor moves it (a new `near`, the other filters
 * kept), and a tapped pin's card under the map. On a phone and on a desktop, in both languages.
 */

const LANGUAGES = [
  {
    code: "en",
    prefix: "",
    map: "Map of the results",
    switchToMap: /^Map$/,
    searchArea: "Search this area",
    selected: "Selected service",
    close: "Close",
    details: "Details",
    chosenPoint: "Chosen point",
    empty: "No services match on the map",
  },
  {
    code: "ua",
    prefix: "/ua",
    map: "Мапа результатів",
    switchToMap: /^Мапа$/,
    searchArea: "Шукати в цьому районі",
    selected: "Обраний сервіс",
    close: "Закрити",
    details: "Детальніше",
    chosenPoint: "Вибрана точка",
    empty: "На мапі немає сервісів за цим запитом",
  },
] as const;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

type Language = (typeof LANGUAGES)[number];

/** How many services the list finds for the question, over all its pages. */
async function listTotal(request: APIRequestContext, search: string): Promise<number> {
  let total = 0;
  for (let page = 1; ; page++) {
    const answer = await (await request.get(`/api/items?${search}&page=${page}`)).json();
    total += answer.items.length;
    if (page >= answer.pages) return total;
  }
}

/** The map in view: on a phone the list may hide it behind a List/Map switch. */
async function showMap(page: Page, language: Language): Promise<Locator> {
  const toggle = page
    .getByRole("tab", { name: language.switchToMap })
    .or(page.getByRole("button", { name: language.switchToMap }));
  if (await toggle.first().isVisible()) await toggle.first().click();
  const map = page.getByRole("region", { name: language.map });
  await map.scrollIntoViewIfNeeded();
  return map;
}

/** What the map shows: single pins and the counts of its clusters. */
async function shownOnMap(map: Locator): Promise<number> {
  const pins = await map.locator(".maister-pin:not(.maister-cluster)").count();
  const clusters = await map
    .locator(".maister-cluster")
    .evaluateAll((icons) => icons.map((icon) => Number(/\d+/.exec(icon.getAttribute("title") ?? "")?.[0] ?? 0)));
  return pins + clusters.reduce((sum, count) => sum + count, 0);
}

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    test.describe(`${language.code} at ${size.width}×${size.height}`, () => {
      test.use({ viewport: size });

      test("a Kyiv search shows all its results on the map, and a tapped pin's card under it", async ({
        page,
        request,
        tiles,
      }) => {
        const search = `keyword=${encodeURIComponent("Київ")}`;
        const total = await listTotal(request, search);
        expect(total).toBeGreaterThan(3);
        await page.goto(`${language.prefix}/services?${search}`);
        const map = await showMap(page, language);
        await expect(map.locator(".maister-pin").first()).toBeVisible();
        await expect.poll(() => shownOnMap(map)).toBe(total);
        expect(tiles.count).toBeGreaterThan(0);
        // The map opened on them: no "Search this area" before the visitor moves it.
        await expect(page.getByRole("button", { name: language.searchArea })).toHaveCount(0);
        await page.screenshot({ path: `/work/coord/shots/M-query-map-${language.code}-${size.width}.png` });

        // Zoom in on a cluster until a single pin shows, then tap it.
        const pins = map.locator(".maister-pin:not(.maister-cluster)");
        for (let step = 0; step < 6 && (await pins.count()) === 0; step++) {
          await map.locator(".maister-cluster").first().click();
          await expect(map.locator(".leaflet-zoom-anim")).toHaveCount(0);
        }
        const pin = pins.first();
        const name = (await pin.getAttribute("title"))!;
        await pin.click();
        const card = page.getByRole("region", { name: language.selected });
        await expect(card).toBeVisible();
        await expect(card.getByRole("heading", { name })).toBeVisible();
        const details = card.getByRole("link", { name: language.details });
        await expect(details).toHaveAttribute("href", /\/service\/[0-9a-f-]{36}$/);
        // Under the map, not over it. Both boxes are read in one frame: the card scrolls itself into
        // view smoothly, so two separate reads can straddle a scroll step.
        const gap = await card.evaluate(
          (cardElement, mapElement) =>
            cardElement.getBoundingClientRect().top - (mapElement as Element).getBoundingClientRect().bottom,
          await map.elementHandle(),
        );
        // Boxes are fractional: a pixel of rounding either way.
        expect(gap).toBeGreaterThanOrEqual(-2);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/work/coord/shots/M-query-map-card-${language.code}-${size.width}.png` });

        // Escape and the close button both put it away; the keyboard opens it too.
        await page.keyboard.press("Escape");
        await expect(card).toHaveCount(0);
        await pins.first().focus();
        await page.keyboard.press("Enter");
        await expect(card).toBeVisible();
        await card.getByRole("button", { name: language.close }).click();
        await expect(card).toHaveCount(0);
      });

      test("a question nothing matches says so on the map", async ({ page }) => {
        await page.goto(`${language.prefix}/services?keyword=zzqxv-nothing-like-it`);
        const map = await showMap(page, language);
        await expect(map.getByText(language.empty)).toBeVisible();
        await expect(map.locator(".maister-pin")).toHaveCount(0);
        await page.screenshot({ path: `/work/coord/shots/M-query-map-empty-${language.code}-${size.width}.png` });
      });

      test("Search this area after moving the map sets near and keeps the other filters", async ({ page }) => {
        await page.goto(`${language.prefix}/services?filter=sto&sort=rating.desc&page=2`);
        const map = await showMap(page, language);
        await expect(map.locator(".maister-pin").first()).toBeVisible();
        const searchArea = page.getByRole("button", { name: language.searchArea });
        await expect(searchArea).toHaveCount(0);
        const box = (await map.locator(".leaflet-container").boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 60, { steps: 8 });
        await page.mouse.up();
        await expect(searchArea).toBeVisible();
        await page.screenshot({ path: `/work/coord/shots/M-search-area-${language.code}-${size.width}.png` });
        await searchArea.click();
        await expect(page).toHaveURL(/[?&]near=-?\d+(\.\d{1,5})?(%2C|,)-?\d+(\.\d{1,5})?(&|$)/);
        const url = new URL(page.url());
        expect(url.pathname).toBe(`${language.prefix}/services`);
        expect(url.searchParams.get("filter")).toBe("sto");
        expect(url.searchParams.get("sort")).toBe("rating.desc");
        expect(url.searchParams.has("page")).toBe(false);
        // The new list opens its map on the chosen point, not on the whole country.
        const point = page.getByRole("region", { name: language.map }).locator(`[title="${language.chosenPoint}"]`);
        await expect(point).toBeVisible();
        const mapBox = (await page.getByRole("region", { name: language.map }).boundingBox())!;
        const pointBox = (await point.boundingBox())!;
        expect(Math.abs(pointBox.x + pointBox.width / 2 - (mapBox.x + mapBox.width / 2))).toBeLessThan(4);
        await expect(page.getByRole("button", { name: language.searchArea })).toHaveCount(0);
      });
    });
  }
}
