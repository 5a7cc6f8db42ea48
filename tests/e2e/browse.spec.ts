import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

const KYIV = { latitude: 50.4501, longitude: 30.5234 };

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

test.describe("browsing services", () => {
  test("a filter chip narrows the list, is shareable, and the back button undoes it", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("button", { name: "Masters" }).click();
    await expect(page).toHaveURL(/filter=mechanic/);
    await expect(page.getByRole("button", { name: "Masters" })).toHaveAttribute("aria-pressed", "true");
    // The role badge of each card (its other titled chip is the response figure).
    const badges = page.getByRole("article").locator("span.card-role");
    await expect(badges.first()).toHaveText(/Master/);
    for (const badge of await badges.all()) await expect(badge).toHaveText(/Master/);
    await expect(page.getByRole("link", { name: "Filter reset" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top rated" })).toBeHidden();

    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { name: "Top rated" })).toBeVisible();
  });

  test("while the next list loads, the list on screen stays, dimmed and busy, and says Loading…; the page number asked for shows it is loading", async ({
    page,
  }) => {
    await page.goto("/services");
    const masters = page.getByRole("button", { name: "Masters" });
    await hydrated(masters);
    const firstCard = page.locator("main article h3 a").first();
    const shown = (await firstCard.textContent())!;
    const loading = page.getByRole("status").filter({ hasText: "Loading…" });
    const busy = page.locator("main div[aria-busy=true]");
    let release = await holdNavigations(page, /\/services\?/);
    await masters.click();
    await expect(loading).toBeVisible();
    await expect(busy).toHaveCount(1);
    await expect(busy.locator("article h3 a").first()).toHaveText(shown);
    await expect(masters).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page).toHaveURL(/filter=mechanic/);
    await expect(masters).toHaveAttribute("aria-pressed", "true");
    await expect(loading).toHaveCount(0);
    await expect(busy).toHaveCount(0);

    // The sort is a choice in a select: the same.
    await page.unroute(/\/services\?/);
    release = await holdNavigations(page, /\/services\?/);
    await page.getByLabel("Sort by").selectOption("rating.desc");
    await expect(loading).toBeVisible();
    release();
    await expect(page).toHaveURL(/sort=rating\.desc/);
    await expect(loading).toHaveCount(0);

    // In Ukrainian, a page number: the list and the link say so.
    await page.goto("/ua/services");
    const second = page.getByRole("link", { name: "Сторінка 2" });
    await hydrated(second);
    await page.unroute(/\/services\?/);
    release = await holdNavigations(page, /\/ua\/services\?/);
    await second.click();
    await expect(page.getByRole("status").filter({ hasText: "Завантаження…" }).first()).toBeVisible();
    await expect(second).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page).toHaveURL(/\/ua\/services\?page=2$/);
    await expect(page.getByRole("link", { name: "Сторінка 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("status").filter({ hasText: "Завантаження…" })).toHaveCount(0);
  });

  test("a page past the last says so, instead of claiming nothing matches, and leads back to the first", async ({
    page,
  }) => {
    await page.goto("/services?page=99");
    await expect(page.getByText(/^There is no page 99: the results fit on \d+ pages?\.$/)).toBeVisible();
    await expect(page.getByText("No services match these filters.")).toBeHidden();
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.locator("main article").first()).toBeVisible();
  });

  test("near a point with any sort, the page lists the services nearest first, as the API does; bad parameters say why", async ({
    page,
    request,
  }) => {
    for (const sort of ["price.asc", "quality.desc", "speed.asc"]) {
      const url = `/services?near=50.45,30.52&sort=${sort}`;
      const response = await page.goto(url);
      expect(response!.status(), url).toBe(200);
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
      const { items } = (await (await request.get(`/api/items?near=50.45,30.52&sort=${sort}`)).json()) as {
        items: { name: string }[];
      };
      expect(items.length, url).toBeGreaterThan(1);
      await expect(page.locator("main article h3")).toHaveText(items.map((item) => item.name));
      await expect(
        page
          .locator("main article")
          .first()
          .getByText(/km away$/),
      ).toBeVisible();
    }
    // Parameters the list cannot take: the page names what is wrong and offers the unfiltered list.
    await page.goto("/services?near=91,0&sort=foo");
    const notice = page.getByRole("alert").filter({ hasText: "The list could not be loaded." });
    await expect(notice).toContainText("Unknown sort order.");
    await expect(notice).toContainText("near must be latitude,longitude.");
    await notice.getByRole("link", { name: "Filter reset" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.locator("main article").first()).toBeVisible();
  });

  test("sorting by rating orders the cards by their smoothed score, the order the API gives", async ({
    page,
    request,
  }) => {
    await page.goto("/services");
    await hydrated(page.getByLabel("Sort by"));
    await page.getByLabel("Sort by").selectOption({ label: "Rating: high to low" });
    await expect(page).toHaveURL(/sort=rating\.desc/);
    const { items } = (await (await request.get("/api/items?sort=rating.desc")).json()) as {
      items: { name: string; rating: { score: number } }[];
    };
    const scores = items.map((item) => item.rating.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await expect(page.locator("main article h3")).toHaveText(items.map((item) => item.name));
  });

  test("open now keeps only services that are open at this moment", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("button", { name: "Open now" }).click();
    await expect(page).toHaveURL(/open=true/);
    const cards = page.getByRole("article");
    if ((await cards.count()) === 0) {
      await expect(page.getByText("No services match these filters.")).toBeVisible();
    } else {
      for (const card of await cards.all())
        await expect(card.getByText(/^(Open until .+|Closes in \d+ min|Open 24\/7)$/)).toBeVisible();
    }
  });

  test.describe("with the location allowed", () => {
    test.use({ geolocation: KYIV, permissions: ["geolocation"] });

    test("distance from my location sorts nearest first and shows the km", async ({ page }) => {
      await page.goto("/services");
      await hydrated(page.getByLabel("Distance"));
      await page.getByLabel("Distance").selectOption({ label: "From my location" });
      await expect(page).toHaveURL(/near=50\.4501(%2C|,)30\.5234/);
      // The field says what was chosen, not "From the chosen point".
      await expect(page.getByLabel("Distance").locator("option:checked")).toHaveText("From my location");
      // Masters who come to the point are listed first ("Comes to you here"), then the rest nearest first.
      const cards = await page.getByRole("article").evaluateAll((articles) =>
        articles.map((article) => ({
          comes: /Comes to you here/.test(article.textContent ?? ""),
          km: Number.parseFloat(/([\d.]+) km away/.exec(article.textContent ?? "")?.[1] ?? "NaN"),
        })),
      );
      expect(cards.length).toBeGreaterThan(1);
      const firstOther = cards.findIndex((card) => !card.comes);
      expect(cards.slice(firstOther).every((card) => !card.comes)).toBe(true);
      const km = cards.slice(firstOther).map((card) => card.km);
      expect(km.length).toBeGreaterThan(1);
      expect(km).toEqual([...km].sort((a, b) => a - b));
      await page.getByLabel("Distance").selectOption({ label: "Any distance" });
      await expect(page).not.toHaveURL(/near=/);
    });

    test("the distance field keeps showing the visitor's own location after the list loads, in Ukrainian too", async ({
      page,
    }) => {
      await page.goto("/ua/services");
      await hydrated(page.getByLabel("Відстань"));
      await page.getByLabel("Відстань").selectOption({ label: "Від мого місця" });
      await expect(page).toHaveURL(/near=50\.4501(%2C|,)30\.5234/);
      await expect(page.getByLabel("Відстань").locator("option:checked")).toHaveText("Від мого місця");
      // A filter on top keeps the point, and the field still names where it came from.
      await page.getByRole("button", { name: "СТО", exact: true }).click();
      await expect(page).toHaveURL(/filter=sto/);
      await expect(page.getByLabel("Відстань").locator("option:checked")).toHaveText("Від мого місця");
    });

    test("Show My Location puts the visitor on the services map", async ({ page, tiles }) => {
      await page.goto("/services?sort=rating.desc");
      await page.getByRole("heading", { name: "Map" }).scrollIntoViewIfNeeded();
      await expect(page.locator(".maister-pin").first()).toBeVisible();
      await page.getByRole("button", { name: "Show My Location" }).click();
      await expect(page.getByRole("button", { name: "You are here" })).toBeVisible();
      expect(tiles.count).toBeGreaterThan(0);
    });
  });

  test("a refused location shows the error with Try Again", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/services");
    await hydrated(page.getByLabel("Distance"));
    await page.getByLabel("Distance").selectOption({ label: "From my location" });
    const alert = page.getByRole("alert").filter({ hasText: "Geolocation permission denied" });
    await expect(alert).toBeVisible();
    // The distance sort heads the reason with the spec's "Unable to retrieve your location".
    await expect(alert).toContainText("Unable to retrieve your location");
    await expect(alert.getByRole("button", { name: "Try Again" })).toBeVisible();
  });

  test("a point chosen on the map sorts by distance from it; nothing chosen asks for a point", async ({ page }) => {
    await page.goto("/services");
    await hydrated(page.getByLabel("Distance"));
    await page.getByLabel("Distance").selectOption({ label: "From a point on the map" });
    const dialog = page.getByRole("dialog", { name: "Choose a location" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Please choose a location on the map.")).toBeVisible();

    await dialog.locator(".leaflet-container").click({ position: { x: 160, y: 120 } });
    await expect(dialog.getByLabel("Latitude")).not.toHaveValue("");
    await dialog.getByLabel("Latitude").fill("94");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(
      page.getByText("Latitude must be a number from -90 to 90, for example 50.4501 or 50,4501."),
    ).toBeVisible();
    // A decimal comma is read as a decimal point.
    await dialog.getByLabel("Latitude").fill("49,8397");
    await dialog.getByLabel("Longitude").fill("24,0297");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/near=49\.8397(%2C|,)24\.0297/);
    await expect(page.getByLabel("Distance").locator("option:checked")).toHaveText("From the chosen point");
    await expect(
      page
        .getByRole("article")
        .first()
        .getByText(/km away$/),
    ).toBeVisible();
  });

  test("the top-rated strip moves by button and keyboard, pauses, and Tab reaches every card", async ({ page }) => {
    // With motion, as most people see it: the strip plays by itself until paused (playwright.config.ts turns motion off).
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/services");
    const carousel = page.getByRole("region", { name: "Top rated" });
    const strip = carousel.getByRole("list");
    const scrolled = () => strip.evaluate((list) => list.scrollLeft);
    await carousel.getByRole("button", { name: "Pause" }).click();
    await expect(carousel.getByRole("button", { name: "Play" })).toBeVisible();
    expect(await scrolled()).toBe(0);
    await carousel.getByRole("button", { name: "Next service" }).click();
    await expect.poll(scrolled).toBeGreaterThan(0);
    await carousel.getByRole("button", { name: "Previous service" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(scrolled).toBe(0);

    const cards = strip.getByRole("link");
    const count = await cards.count();
    expect(count).toBeGreaterThan(3);
    await carousel.getByRole("button", { name: "Next service" }).focus();
    for (let step = 0; step < count; step++) await page.keyboard.press("Tab");
    await expect(cards.last()).toBeFocused();
    await expect(strip.getByRole("listitem").last()).toBeInViewport({ ratio: 1 });
    expect(await scrolled()).toBeGreaterThan(0);
  });

  test("the home map gets every service at once, groups the crowded ones; a cluster zooms in; a pin opens by keyboard and leads to the service", async ({
    page,
    tiles,
  }) => {
    const answer = page.waitForResponse(/\/api\/items\/locations$/);
    await page.goto("/home");
    await page.getByRole("heading", { name: "Services on the map" }).scrollIntoViewIfNeeded();
    // The demo data is below MAP_SERVICES_MAX: the services themselves, which the map centres on.
    const { services, clusters } = await (await answer).json();
    expect(services.length).toBeGreaterThan(50);
    expect(clusters).toEqual([]);
    await expect(page.locator(".maister-pin").first()).toBeVisible();
    expect(tiles.count).toBeGreaterThan(0);
    // Demo cities hold several services each: at the default zoom the map draws them as counted clusters.
    const cluster = page.locator(".maister-cluster").first();
    await expect(cluster).toHaveAttribute("title", /services here: zoom in/);
    const pins = page.locator(".maister-pin:not(.maister-cluster)");
    const lookUps: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/items/locations")) lookUps.push(request.url());
    });
    const before = await pins.count();
    for (let step = 0; step < 10 && (step === 0 || (await pins.count()) <= before); step++) {
      await cluster.focus();
      await page.keyboard.press("Enter");
      // The zoom animation must end before the next cluster is chosen (Leaflet redraws markers then).
      await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
    }
    await expect.poll(() => pins.count()).toBeGreaterThan(before);
    // The map already holds every service: zooming in asks the server nothing.
    expect(lookUps).toEqual([]);
    // The spec's 34x45 pins.
    await expect(pins.first()).toHaveCSS("width", "34px");
    await expect(pins.first()).toHaveCSS("height", "45px");
    const name = (await pins.first().getAttribute("title"))!;
    await pins.first().focus();
    await page.keyboard.press("Enter");
    const popup = page.locator(".leaflet-popup");
    await expect(popup).toContainText(name);
    // Opening the popup pans the map, which may redraw the markers under it: follow the link's target.
    const details = await popup.getByRole("link", { name: "Details" }).getAttribute("href");
    expect(details).toMatch(/^\/service\/[0-9a-f-]{36}$/);
    await page.goto(details!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });
});
