import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * The list near a point and what its cards say, at a phone's and a desktop's width in both
 * languages: a place at the point reads "nearby" rather than 0 km, and every card says where it is.
 */

const VIEWPORTS = [
  { name: "390 px", viewport: { width: 390, height: 844 } },
  { name: "1440 px", viewport: { width: 1440, height: 900 } },
];

const LANGUAGES = [
  { prefix: "", nearby: "Nearby", nextToYou: "Right next to you", howFar: "How far is it from me?", km: / km away$/ },
  { prefix: "/ua", nearby: "Поруч", nextToYou: "Поруч із вами", howFar: "Як далеко від мене?", km: / км від вас$/ },
];

type Item = { _id: string; name: string; address: string; coordinates: { lat: number; lng: number } };

/** A published station of the demo data, by the API: the first of the list. */
async function aStation(request: APIRequestContext): Promise<Item> {
  const { items } = (await (await request.get("/api/items?filter=sto")).json()) as { items: Item[] };
  return items[0]!;
}

for (const { name: width, viewport } of VIEWPORTS) {
  test.describe(`near a point, at ${width}`, () => {
    test.use({ viewport, permissions: ["geolocation"] });

    for (const lang of LANGUAGES) {
      test(`${lang.prefix}/services: the place at the point reads "${lang.nearby}", the others their km; its page says "${lang.nextToYou}"`, async ({
        page,
        context,
        request,
      }) => {
        const station = await aStation(request);
        const { lat, lng } = station.coordinates;
        await page.goto(`${lang.prefix}/services?near=${lat},${lng}`);
        const card = page.locator("main article.card").filter({ has: page.getByRole("link", { name: station.name }) });
        await expect(card.getByText(lang.nearby, { exact: true })).toBeVisible();
        await expect(card.getByText(lang.km)).toHaveCount(0);
        // The farther places still say how far.
        await expect(page.locator("main article.card").getByText(lang.km).first()).toBeVisible();

        await context.setGeolocation({ latitude: lat, longitude: lng });
        await page.goto(`${lang.prefix}/service/${station._id}`);
        await page.getByRole("button", { name: lang.howFar }).click();
        await expect(page.getByText(lang.nextToYou, { exact: true })).toBeVisible();
      });
    }
  });
}

/** The last part of an address that has letters and no digits: the city in the demo data's addresses. */
const cityOf = (address: string) =>
  address
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /\p{L}/u.test(part) && !/\d/u.test(part))
    .at(-1);

for (const { name: width, viewport } of VIEWPORTS) {
  test.describe(`the list without a point, at ${width}`, () => {
    test.use({ viewport });

    for (const lang of LANGUAGES) {
      test(`${lang.prefix}/services: every card on screen says which city it is in`, async ({ page, request }) => {
        const { items } = (await (await request.get("/api/items")).json()) as { items: Item[] };
        await page.goto(`${lang.prefix}/services`);
        const cards = page.locator("main article.card");
        await expect(cards).toHaveCount(items.length);
        // The list is best rated first, across the country: a driver must tell a Kyiv shop from a Lviv one.
        expect(new Set(items.map((item) => cityOf(item.address))).size).toBeGreaterThan(1);
        for (const [index, item] of items.entries()) {
          await expect(cards.nth(index).locator("h3")).toHaveText(item.name);
          // What shows, not what is in the markup: on a phone the full address is hidden. A place
          // whose address is only its coordinates (the geocoder could not name it) shows those.
          await expect(cards.nth(index)).toContainText(cityOf(item.address) ?? item.address.trim(), {
            useInnerText: true,
          });
        }
      });
    }
  });
}
