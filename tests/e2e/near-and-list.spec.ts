import type { APIRequestContext, Locator } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * The list near a point and what its cards say, at a phone's and a desktop's width in both
 * languages: nearest first (the masters who come to the point under their own heading, or every
 * service by its own distance with the "Nearest" sort), a place at the point reads "nearby" rather
 * than 0 km, every card says where it is, and a service's page leads back to the list it was opened from.
 */

const KYIV = { latitude: 50.4501, longitude: 30.5234 };

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
    filters: "Filters",
    sort: "Sort by",
    nearest: "Nearest",
    distance: "Distance",
    anyDistance: "Any distance",
    comeGroup: "Masters who come to you here",
    nearestGroup: "Nearest first",
    needsPoint: "Nearest first needs a point: your location or one chosen on the map.",
  },
  {
    prefix: "/ua",
    nearby: "Поруч",
    nextToYou: "Поруч із вами",
    howFar: "Як далеко від мене?",
    km: / км від вас$/,
    back: "Назад до сервісів",
    filters: "Фільтри",
    sort: "Сортування",
    nearest: "Найближчі",
    distance: "Відстань",
    anyDistance: "Будь-яка відстань",
    comeGroup: "Майстри, які виїжджають сюди",
    nearestGroup: "Спершу найближчі",
    needsPoint: "Щоб показати найближчі, потрібна точка: ваше місце або обрана на мапі.",
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
        const howFar = page.getByRole("button", { name: lang.howFar });
        // Clicked before React has hydrated it, the button does nothing.
        await hydrated(howFar);
        await howFar.click();
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
          // What shows, not what is in the markup: on a phone the full address is hidden and the
          // city stands beside the status. A place whose address is only its coordinates (the
          // geocoder could not name it) shows those.
          const place = cityOf(item.address) ?? item.address.trim();
          await expect(cards.nth(index).getByText(place).filter({ visible: true }).first()).toBeVisible();
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
        // The list notes where it is once it has hydrated: a click before that is a plain page load.
        const open = card.getByRole("heading").getByRole("link");
        await hydrated(open);
        await open.click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/service/[0-9a-f-]+$`));
        const serviceUrl = page.url();
        const backToList = page.getByRole("link", { name: lang.back });
        await expect(backToList).toHaveAttribute("href", new RegExp(`^${lang.prefix}/services\\?`));
        await backToList.click();
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

/** What the cards under `scope` say: whether the master comes to the point, and how far (0: nearby). */
function distancesIn(scope: Locator, lang: (typeof LANGUAGES)[number]) {
  return scope.locator("article.card").evaluateAll(
    (cards, { nearby }) =>
      cards.map((card) => {
        const chips = [...card.querySelectorAll("span")].map((span) => span.textContent ?? "");
        const km = chips.find((text) => /^[\d.,]+ (km away|км від вас)$/.test(text));
        return {
          comes: chips.some((text) => text === "Comes to you here" || text === "Виїжджає сюди"),
          km: chips.includes(nearby) ? 0 : km ? Number.parseFloat(km.replace(",", ".")) : Number.NaN,
        };
      }),
    { nearby: lang.nearby },
  );
}

const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

for (const { name: width, viewport } of VIEWPORTS) {
  test.describe(`nearest first, at ${width}`, () => {
    test.use({ viewport, geolocation: KYIV, permissions: ["geolocation"] });

    for (const lang of LANGUAGES) {
      test(`${lang.prefix}/services near the visitor: the masters who come under "${lang.comeGroup}", then "${lang.nearestGroup}", each nearest first`, async ({
        page,
      }) => {
        await page.goto(`${lang.prefix}/services?near=${KYIV.latitude},${KYIV.longitude}`);
        const come = page.getByRole("heading", { name: lang.comeGroup, level: 2 });
        const rest = page.getByRole("heading", { name: lang.nearestGroup, level: 2 });
        await expect(come).toBeVisible();
        await expect(rest).toBeVisible();
        const comeCards = await distancesIn(come.locator("xpath=following-sibling::ul[1]"), lang);
        const restCards = await distancesIn(rest.locator("xpath=following-sibling::ul[1]"), lang);
        expect(comeCards.length).toBeGreaterThan(0);
        expect(restCards.length).toBeGreaterThan(1);
        expect(comeCards.every((card) => card.comes)).toBe(true);
        expect(restCards.some((card) => card.comes)).toBe(false);
        for (const cards of [comeCards, restCards]) {
          const km = cards.map((card) => card.km);
          expect(km.every(Number.isFinite)).toBe(true);
          expect(km).toEqual(ascending(km));
        }
        // Every card of the page is in one of the two groups.
        expect(comeCards.length + restCards.length).toBe(await page.locator("main article.card").count());
      });

      test(`${lang.prefix}/services: the sort "${lang.nearest}" asks for the location and lists every service by its own distance; "${lang.anyDistance}" drops both`, async ({
        page,
      }) => {
        await page.goto(`${lang.prefix}/services`);
        const filters = page.getByRole("button", { name: lang.filters, exact: true });
        if (await filters.isVisible()) {
          await hydrated(filters);
          await filters.click();
        }
        const sort = page.getByLabel(lang.sort);
        await hydrated(sort);
        await sort.selectOption({ label: lang.nearest });
        await expect(page).toHaveURL(/[?&]sort=nearest(&|$)/);
        await expect(page).toHaveURL(/near=50\.4501(%2C|,)30\.5234/);
        await expect(sort.locator("option:checked")).toHaveText(lang.nearest);
        // The list's own busy state (the map's skeleton beside it is busy until the map's code has come).
        await expect(page.locator("main [aria-busy=true]").filter({ has: page.locator("article.card") })).toHaveCount(
          0,
        );
        // One list, no groups: a master who comes is among the rest, by the distance to their base.
        await expect(page.getByRole("heading", { name: lang.comeGroup })).toHaveCount(0);
        const cards = await distancesIn(page.locator("main"), lang);
        expect(cards.length).toBeGreaterThan(1);
        const km = cards.map((card) => card.km);
        expect(km.every(Number.isFinite)).toBe(true);
        expect(km).toEqual(ascending(km));

        await page.getByLabel(lang.distance).selectOption({ label: lang.anyDistance });
        await expect(page).not.toHaveURL(/near=/);
        await expect(page).not.toHaveURL(/sort=/);
        await expect(page.locator("main article.card").first()).toBeVisible();
      });

      test(`${lang.prefix}/services?sort=nearest without a point says what it needs`, async ({ page }) => {
        await page.goto(`${lang.prefix}/services?sort=nearest`);
        await expect(page.getByRole("alert").filter({ hasText: lang.needsPoint })).toBeVisible();
      });
    }
  });
}
