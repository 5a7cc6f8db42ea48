import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * The home page's first screen is for a driver who needs help now: a search box and "Open now near
 * me" above the fold on a phone, each leading to the list with the question asked. Below it the
 * map: a drawn skeleton of the map while it loads, its code fetched once the page is idle so the
 * map is there when the visitor scrolls to it, and nothing of it fetched before the first paint.
 */

const KYIV = { latitude: 50.4501, longitude: 30.5234 };
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const LANGUAGES = [
  {
    prefix: "",
    code: "en",
    search: "Search services",
    submit: "Search",
    openNear: "Open now near me",
    denied: "Geolocation permission denied",
    mapLoading: "Loading the map…",
    mapTitle: "Services on the map",
  },
  {
    prefix: "/ua",
    code: "uk",
    search: "Пошук сервісів",
    submit: "Пошук",
    openNear: "Відчинені зараз поруч",
    denied: "Доступ до геолокації заборонено",
    mapLoading: "Завантажуємо мапу…",
    mapTitle: "Сервіси на мапі",
  },
];

for (const size of SIZES)
  for (const lang of LANGUAGES)
    test.describe(`${lang.prefix || "/"}home at ${size.width} px`, () => {
      test.use({ viewport: size, geolocation: KYIV, permissions: ["geolocation"] });

      test("the first screen holds the search box and Open now near me, and the search asks the list", async ({
        page,
      }) => {
        await page.goto(`${lang.prefix}/home`);
        const box = page.getByRole("searchbox", { name: lang.search });
        const openNear = page.getByRole("button", { name: lang.openNear });
        // Whole, without scrolling.
        await expect(box).toBeInViewport({ ratio: 1 });
        await expect(openNear).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: `/work/coord/shots/S-home-first-screen-${lang.code}-${size.width}.png` });

        await box.fill("шиномонтаж");
        await page.getByRole("search").getByRole("button", { name: lang.submit, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/services\\?keyword=`));
        expect(new URL(page.url()).searchParams.get("keyword")).toBe("шиномонтаж");
        await expect(page.locator("main article.card").first()).toBeVisible();
      });

      test("Open now near me asks for the position and lists what is open near it, nearest first", async ({ page }) => {
        await page.goto(`${lang.prefix}/home`);
        const openNear = page.getByRole("button", { name: lang.openNear });
        await hydrated(openNear);
        await openNear.click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/services\\?`));
        const query = new URL(page.url()).searchParams;
        expect(query.get("open")).toBe("true");
        expect(query.get("near")).toBe(`${KYIV.latitude},${KYIV.longitude}`);
        expect(query.get("sort")).toBe("nearest");
      });

      test("a refused position says why, with Try again, and stays on the page", async ({ page, context }) => {
        await context.clearPermissions();
        await page.goto(`${lang.prefix}/home`);
        const openNear = page.getByRole("button", { name: lang.openNear });
        await hydrated(openNear);
        await openNear.click();
        const alert = page.getByRole("alert").filter({ hasText: lang.denied });
        await expect(alert).toBeVisible();
        await expect(alert.getByRole("button")).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/home$`));
      });

      test("the map waits as a drawn skeleton of its own size, and its code is already there when it is reached", async ({
        page,
        tiles,
      }) => {
        // The services for the map are held, so the skeleton can be looked at.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let asked = 0;
        await page.route(/\/api\/items\/locations/, async (route) => {
          asked++;
          await held;
          await route.continue();
        });
        await page.goto(`${lang.prefix}/home`, { waitUntil: "load" });
        // The page idles: the map's code comes then, before anyone scrolls, and no tile yet.
        await page.waitForTimeout(2500);
        expect(tiles.count).toBe(0);
        // From here on no script can be fetched: the map must make do with what came while idle.
        await page.route(/\.js(\?|$)/, (route) => route.abort());

        const section = page.getByRole("region", { name: lang.mapTitle });
        await section.scrollIntoViewIfNeeded();
        const skeleton = section.locator("[data-map-skeleton]");
        await expect(skeleton).toBeVisible();
        await expect(skeleton).toHaveAttribute("aria-busy", "true");
        await expect(skeleton.getByRole("status")).toHaveText(lang.mapLoading);
        expect((await skeleton.boundingBox())!.height).toBe(400);
        await page.screenshot({ path: `/work/coord/shots/S-home-map-skeleton-${lang.code}-${size.width}.png` });

        release();
        const map = section.locator(".leaflet-container");
        await expect(map).toBeVisible();
        await expect(section.getByRole("alert")).toHaveCount(0);
        // Asked once: beside the map's code, and the map took that answer instead of asking again.
        expect(asked).toBe(1);
        // The map takes the skeleton's place without moving what follows: its framed box (Leaflet's
        // container sits inside the 1 px border) is the skeleton's 400 px.
        const framed = section.locator('[role="region"]:has(.leaflet-container)');
        expect((await framed.boundingBox())!.height).toBe(400);
      });
    });
