import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * The list near a point and what its cards say, at a phone's and a desktop's width in both
 * languages: a place at the point reads "nearby" rather than 0 km.
 */

const VIEWPORTS = [
  { name: "390 px", viewport: { width: 390, height: 844 } },
  { name: "1440 px", viewport: { width: 1440, height: 900 } },
];

const LANGUAGES = [
  { prefix: "", nearby: "Nearby", nextToYou: "Right next to you", howFar: "How far is it from me?", km: / km away$/ },
  { prefix: "/ua", nearby: "Поруч", nextToYou: "Поруч із вами", howFar: "Як далеко від мене?", km: / км від вас$/ },
];

type Item = { _id: string; name: string; coordinates: { lat: number; lng: number } };

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
