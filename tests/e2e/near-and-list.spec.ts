import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * The list near a point and what its cards say, at a phone's and a desktop's width in both
 * languages: a place at the point reads "nearby" rather than 0 km, every card says where it is, and
 * a service's page leads back to the list it was opened from.
 */

const VIEWPORTS = [
  { name: "390 px", viewport: { width: 390, height: 844 } },
  { name: "1440 px", viewport: { width: 1440, height: 900 } },
];

const LANGUAGES = [
  {
    prefix: "",
    nearby: "Nearby",
    nextToYou: "Right next to you",
    howFar: "How far is it from me?",
    km: / km away$/,
    back: "Back to services",
  },
  {
    prefix: "/ua",
    nearby: "Поруч",
    nextToYou: "Поруч із вами",
    howFar: "Як далеко від мене?",
    km: / км від вас$/,
    back: "Назад до сервісів",
  },
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

for (const { name: width, viewport } of VIEWPORTS) {
  test.describe(`from a service back to its list, at ${width}`, () => {
    test.use({ viewport });

    for (const lang of LANGUAGES) {
      test(`${lang.prefix}/services: "${lang.back}" keeps the list's filters; opened directly it is the plain list`, async ({
        page,
        context,
      }) => {
        const question = { filter: "sto", near: "50.45,30.52", sort: "price.asc", job: "oil_change" };
        await page.goto(`${lang.prefix}/services?${new URLSearchParams(question)}`);
        const card = page.locator("main article.card").first();
        const name = (await card.locator("h3").textContent())!;
        await card.getByRole("link", { name }).click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/service/[0-9a-f-]+$`));
        const serviceUrl = page.url();
        await page.getByRole("link", { name: lang.back }).click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/services\\?`));
        expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(question);
        await expect(page.locator("main article.card").first().locator("h3")).toHaveText(name);

        // A new tab, as a shared link opens: no list before it.
        const direct = await context.newPage();
        await direct.goto(serviceUrl);
        const back = direct.getByRole("link", { name: lang.back });
        await expect(back).toBeVisible();
        await expect(back).toHaveAttribute("href", `${lang.prefix}/services`);
        await back.click();
        await expect(direct).toHaveURL(new RegExp(`${lang.prefix}/services$`));
      });
    }
  });
}
