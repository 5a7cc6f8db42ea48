import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * A visitor meets places imported from OpenStreetMap (the seed imports the demo Overpass answer,
 * features/osm/demo-overpass.json): the page says where the details come from and that no owner
 * has confirmed them, credits OpenStreetMap with links to the object and to its editor, and shows
 * hours it could not read as unknown, with OSM's own text, never as open or closed. Cards carry a
 * small "OpenStreetMap" label; "Open now" says places with unknown hours are left out.
 */
const SHOTS = "/work/coord/shots";
/** Its opening_hours ("з 9 до 18, без вихідних") is no schedule the timetable can hold. */
const UNKNOWN_HOURS = { name: "СТО Левандівка", osm: "node/9000000014", hours: "з 9 до 18, без вихідних" };
const TYRES = "Шиномонтаж Холодна Гора";

const TEXT = {
  en: {
    prefix: "",
    notice: "From OpenStreetMap, not yet confirmed by the owner",
    labelTitle: "From OpenStreetMap, not yet confirmed by the owner",
    attribution: "© OpenStreetMap contributors",
    view: "View this place on OpenStreetMap",
    correct: "Suggest a correction on OpenStreetMap",
    unknown: "Hours unknown",
    says: "OpenStreetMap says:",
    closed: "Closed",
    tyres: "Tyre service",
    openNote: "Places with unknown hours are not shown",
  },
  ua: {
    prefix: "/ua",
    notice: "Дані з OpenStreetMap, власник їх ще не підтвердив",
    labelTitle: "Дані з OpenStreetMap, власник їх ще не підтвердив",
    attribution: "© учасники OpenStreetMap",
    view: "Переглянути це місце в OpenStreetMap",
    correct: "Запропонувати виправлення в OpenStreetMap",
    unknown: "Години роботи невідомі",
    says: "В OpenStreetMap зазначено:",
    closed: "Зачинено",
    tyres: "Шиномонтаж",
    openNote: "Місця з невідомими годинами роботи не показано",
  },
} as const;

async function placeId(request: APIRequestContext, name: string): Promise<string> {
  const answer = await request.get(`/api/items?keyword=${encodeURIComponent(name)}`);
  const { items } = (await answer.json()) as { items: { _id: string; name: string }[] };
  const found = items.find((item) => item.name === name);
  expect(found, `${name} imported by the seed`).toBeTruthy();
  return found!._id;
}

for (const locale of ["en", "ua"] as const) {
  const text = TEXT[locale];
  for (const width of [390, 1440]) {
    test(`an imported place's page says where it comes from and that its hours are unknown (${locale}, ${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const id = await placeId(page.request, UNKNOWN_HOURS.name);
      await page.goto(`${text.prefix}/service/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: UNKNOWN_HOURS.name })).toBeVisible();

      const notice = page.getByRole("complementary", { name: text.notice });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("link", { name: text.view })).toHaveAttribute(
        "href",
        `https://www.openstreetmap.org/${UNKNOWN_HOURS.osm}`,
      );
      await expect(notice.getByRole("link", { name: text.correct })).toHaveAttribute(
        "href",
        `https://www.openstreetmap.org/edit?${UNKNOWN_HOURS.osm.replace("/", "=")}`,
      );
      await expect(notice.getByRole("link", { name: text.attribution })).toHaveAttribute(
        "href",
        "https://www.openstreetmap.org/copyright",
      );

      // The badge and the hours section say "unknown", with OSM's words, and nothing says closed.
      await expect(page.getByText(text.unknown).first()).toBeVisible();
      const hours = page.locator('section[aria-labelledby="hours"]');
      await expect(hours.getByText(text.says)).toBeVisible();
      await expect(hours.locator("code")).toHaveText(UNKNOWN_HOURS.hours);
      await expect(page.getByText(text.closed, { exact: true })).toHaveCount(0);
      await expect(hours.getByRole("table")).toHaveCount(0);

      await page.screenshot({ path: `${SHOTS}/display-service-${locale}-${width}.png`, fullPage: true });
    });
  }

  test(`a tyre place shows its kind of work; cards and "open now" are honest about imported places (${locale})`, async ({
    page,
  }) => {
    const id = await placeId(page.request, TYRES);
    await page.goto(`${text.prefix}/service/${id}`);
    await expect(page.getByText(text.tyres, { exact: true })).toBeVisible();

    // A tyre keyword in either language finds it; its card says OpenStreetMap. Asked near it: the
    // keyword also finds every service that prices tyre work, more than a page of them.
    const { coordinates } = (await (await page.request.get(`/api/items/${id}`)).json()) as {
      coordinates: { lat: number; lng: number };
    };
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(
      `${text.prefix}/services?keyword=${encodeURIComponent(locale === "en" ? "tyres" : "шиномонтаж")}&near=${coordinates.lat},${coordinates.lng}`,
    );
    const card = page.getByRole("article").filter({ hasText: TYRES });
    await expect(card).toBeVisible();
    const label = card.getByTitle(text.labelTitle);
    await expect(label).toBeVisible();
    await expect(label).toContainText("OpenStreetMap");
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/display-list-${locale}-390.png`, fullPage: false });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${text.prefix}/services?open=true`);
    await expect(page.getByText(text.openNote)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/display-open-now-${locale}-1440.png`, fullPage: false });
    // An unknown-hours place is never among the open ones.
    const open = (await (await page.request.get("/api/items?open=true&keyword=Левандівка")).json()) as {
      items: unknown[];
    };
    expect(open.items).toEqual([]);
  });
}
