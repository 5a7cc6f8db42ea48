import { expect, test } from "./fixtures";

/**
 * An import whose answer is a sliver of the places shown is refused, and /admin/osm says so in
 * words: the end-to-end server's Overpass stand-in (tests/helpers/fake-overpass-server.ts)
 * answers 4 of the demo's places. Nothing is hidden: the places the answer left out stay listed.
 * At phone and desktop widths, in English and Ukrainian.
 */
const SHOTS = "/work/coord/shots";
const NOTICE = {
  en: /Refused: this answer listed fewer than half of the \d+ places shown from OpenStreetMap \(4 elements in all\)\. .*nothing was hidden or changed/,
  ua: /Відхилено: ця відповідь містила менше половини з \d+ закладів з OpenStreetMap, що зараз показуються \(усього в ній 4 елементи\)\. .*нічого не приховано й не змінено/,
} as const;
const STATUS = { en: "Refused", ua: "Відхилено" } as const;

test("an import of a sliver of the places is refused, hides nothing, and /admin/osm says why", async ({ users }) => {
  const admin = await users.create("admin");
  const { page } = admin;
  await page.goto("/admin/osm?lng=en");
  await page.getByRole("button", { name: "Run import now" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "The import has started." })).toBeVisible();

  // The run goes on in the background; it is over once the page shows it refused.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(STATUS.en, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  for (const [locale, width] of [
    ["en", 390],
    ["ua", 390],
    ["en", 1440],
    ["ua", 1440],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/osm?lng=${locale}`);
    await expect(page.getByText(STATUS[locale], { exact: true })).toBeVisible();
    const notice = page.getByRole("alert").filter({ hasText: NOTICE[locale] });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/osm-import-refused-${locale}-${width}.png`, fullPage: false });
  }

  // A place the sliver left out is still listed (the answer held the first four of the demo).
  const answer = await page.request.get(`/api/items?keyword=${encodeURIComponent("СТО Салтівка")}`);
  const { items } = (await answer.json()) as { items: { name: string }[] };
  expect(items.map((item) => item.name)).toContain("СТО Салтівка");
});
