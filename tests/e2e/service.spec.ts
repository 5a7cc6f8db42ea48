import { STATION_INPUT } from "../helpers/service-input";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

test.describe("service page and Saved list", () => {
  test("a service page shows its details, contacts on demand and reviews, and can be saved", async ({ page }) => {
    await page.goto("/stos");
    const first = page.getByRole("article").first();
    const name = (await first.getByRole("heading").textContent())!.trim();
    await first.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("link", { name: "Back to services" })).toBeVisible();
    // Calling in one tap: the number in +380 form, before any toggle.
    await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", /^tel:\+380\d{9}$/);

    await expect(page.getByRole("table")).toContainText("Monday");
    await expect(page.locator('tr[aria-current="date"]')).toHaveCount(1);
    await expect(page.getByText("Please sign in to write a review")).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

    const toggle = page.getByRole("button", { name: "Show contacts" });
    await expect(page.getByRole("link", { name: /@maister\.local$/ })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Hide contacts" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: /@maister\.local$/ })).toHaveAttribute("href", /^mailto:/);
    await expect(page.locator('a[href^="tel:+380"]').first()).toBeVisible();

    // The spec's flow: saving goes on to the Saved list.
    const save = page.getByRole("button", { name: `Save ${name}`, exact: true });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("1");

    await page.reload();
    await expect(page.getByRole("link", { name })).toBeVisible();
    // Back on the page the button says it is saved; pressing it again neither unsaves nor leaves the page.
    await page.goBack();
    const saved = page.getByRole("button", { name: "Saved", exact: true });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await expect(save).toHaveCount(0);
    const servicePage = page.url();
    // It is aria-disabled (nothing to press), so the click is forced.
    await saved.click({ force: true });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await expect(saved).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("1");
    expect(page.url()).toBe(servicePage);
    // Removing is its own, named action; it stays on the page and gives the focus back to Save.
    await page.getByRole("button", { name: "Remove from Saved" }).click();
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await expect(save).toBeFocused();
    await expect(page.getByRole("button", { name: "Remove from Saved" })).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Removed from Saved" })).toBeVisible();
    expect(page.url()).toBe(servicePage);
    await page.goto("/cart");
    await expect(page.getByText("Your Saved list is empty")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("0");
  });

  test("a card's save toggle saves in place, says so, and shows the state after a reload", async ({ page }) => {
    await page.goto("/services?filter=sto");
    const card = page.getByRole("article").nth(1);
    const name = (await card.getByRole("heading").textContent())!.trim();
    const toggle = card.getByRole("button", { name: `Save ${name}`, exact: true });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Saved" })).toBeVisible();
    await expect(page).toHaveURL(/\/services\?filter=sto$/);
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("1");
    // Only this card is saved.
    await expect(page.getByRole("article").getByRole("button", { pressed: true })).toHaveCount(1);

    await page.reload();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.goto("/cart");
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    // Saved from a card, the entry has the contacts the Saved list shows.
    await expect(page.getByRole("link", { name: /@maister\.local$/ })).toHaveAttribute("href", /^mailto:/);

    await page.goto("/services?filter=sto");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Removed from Saved" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("0");
  });

  test("a service without reviews reads New, not a zero rating, on its card, its page and its map card, in both languages", async ({
    page,
    users,
  }) => {
    // A made-up word as the name: the keyword search then finds this station alone, so its pin is not grouped with others.
    const word = Array.from({ length: 8 }, () => "bcdfghjklmnpqrstvwxz"[Math.floor(Math.random() * 20)]).join("");
    const name = `Garage ${word}`;
    const { serviceId } = await users.create("owner", { name: "Unrated Owner", service: { name } });
    const rating = /0\.0/;
    for (const [prefix, fresh] of [
      ["", "New"],
      ["/ua", "Новий"],
    ] as const) {
      await page.goto(`${prefix}/service/${serviceId}`);
      const top = page.getByRole("heading", { level: 1 }).locator("..");
      await expect(top.getByText(fresh, { exact: true })).toBeVisible();
      await expect(top.getByText("0.0", { exact: true })).toHaveCount(0);
      await expect(top.getByRole("img", { name: rating })).toHaveCount(0);
      // Nor does the structured data claim a rating.
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<
        string,
        unknown
      >;
      expect(data).not.toHaveProperty("aggregateRating");

      await page.goto(`${prefix}/services?keyword=${word}`);
      const card = page.getByRole("article").filter({ hasText: name });
      await expect(card.getByText(fresh, { exact: true })).toBeVisible();
      await expect(card.getByText("0.0", { exact: true })).toHaveCount(0);
      await expect(card.getByRole("img", { name: rating })).toHaveCount(0);

      await page.locator("#results-map").scrollIntoViewIfNeeded();
      await page.locator(`.maister-pin[title="${name}"]`).click();
      // The list's map shows the chosen pin's card under it (the home map keeps popups).
      const chosen = page.locator("[data-selected-service]");
      await expect(chosen).toContainText(name);
      await expect(chosen.getByText(fresh, { exact: true })).toBeVisible();
      await expect(chosen).not.toContainText("0.0");
    }
  });

  test("cards and the service page say until when a service is open or when it opens, in both languages, without a hydration mismatch", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    const en =
      /^(Open until ((Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?\d\d:\d\d|Closes in \d+ min|Opens at \d\d:\d\d|Opens (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d|Open 24\/7|Closed)$/;
    const uk =
      /^(Відчинено до ((Пн|Вт|Ср|Чт|Пт|Сб|Нд) )?\d\d:\d\d|Зачиняється за \d+ хв|Відчиняється о \d\d:\d\d|Відчиняється (Пн|Вт|Ср|Чт|Пт|Сб|Нд) о \d\d:\d\d|Цілодобово|Зачинено)$/;
    for (const [prefix, words] of [
      ["", en],
      ["/ua", uk],
    ] as const) {
      await page.goto(`${prefix}/services?filter=sto`);
      const cards = page.getByRole("article");
      await expect(cards.first()).toBeVisible();
      for (const card of await cards.all()) await expect(card.getByText(words)).toHaveCount(1);
      const first = cards.first();
      const status = (await first.getByText(words).textContent())!;
      await first.getByRole("heading").getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The same words as the card's (the minutes of "closes in" may have moved on meanwhile).
      const badge = page.locator("main span").filter({ hasText: words });
      await expect(badge).toHaveCount(1);
      const stem = status.replace(/\d+ (min|хв)$/, "").replace(/[.*+?^$|()[\]\\/]/g, "\\$&");
      await expect(badge).toHaveText(new RegExp(`^${stem}`));
    }
    expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
  });

  test("a service page shows its place on a small map, lazily, and leads to the services nearby", async ({
    page,
    tiles,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/stos");
    const card = page.getByRole("article").first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const map = page.getByRole("region", { name: `Map showing where ${name} is` });
    // Below the fold on a phone: Leaflet is not loaded, and no tile asked for, until it comes near.
    await expect(map).toHaveCount(0);
    expect(tiles.count).toBe(0);
    await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
    await expect(map.locator(`.maister-pin[title="${name}"]`)).toBeVisible();
    expect(tiles.count).toBeGreaterThan(0);
    // The wheel scrolls the page past it, never zooms it.
    const zoom = map.locator(".leaflet-proxy");
    const before = await zoom.getAttribute("style");
    const scrolled = await page.evaluate(() => window.scrollY);
    await map.hover();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
    expect(await zoom.getAttribute("style")).toBe(before);
    // The visitor has shared no position: the page offers to work out the distance, and asks nothing by itself.
    await expect(page.getByRole("button", { name: "How far is it from me?" })).toBeVisible();
    await expect(page.getByText(/km from you$/)).toHaveCount(0);
    const nearby = page.getByRole("link", { name: "Services nearby on the map" });
    await expect(nearby).toHaveAttribute("href", /^\/services\?near=-?\d+(\.\d+)?,-?\d+(\.\d+)?#results-map$/);
    await nearby.click();
    await expect(page).toHaveURL(/\/services\?near=/);
    // Masters who come to that point are a group of their own above; of the places there, this one is first.
    const nearest = page.getByRole("heading", { name: "Nearest first" }).locator("xpath=following-sibling::*[1]");
    await expect(nearest.getByRole("article").first().getByRole("heading")).toHaveText(name);
  });

  test.describe("with the location allowed", () => {
    test.use({ geolocation: { latitude: 50.4501, longitude: 30.5234 }, permissions: ["geolocation"] });

    test("the distance on a service page: asked for with a button, or known from the list's own location, and the same as the card's", async ({
      page,
    }) => {
      await page.goto("/stos");
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: "How far is it from me?" }).click();
      await expect(page.getByText(/^[\d,.]+ km from you$/)).toBeVisible();
      // Remembered for this tab only; forget it to see the list's location carried over.
      await page.evaluate(() => window.sessionStorage.clear());

      await page.goto("/services");
      await hydrated(page.getByLabel("Distance"));
      await page.getByLabel("Distance").selectOption({ label: "From my location" });
      await expect(page).toHaveURL(/near=/);
      // A card with a distance of its own (masters who come to you are listed first, and under 100 m reads Nearby).
      const card = page
        .getByRole("article")
        .filter({ has: page.getByText(/^[\d,.]+ km away$/) })
        .nth(1);
      const km = (await card.getByText(/^[\d,.]+ km away$/).textContent())!.replace(" km away", "");
      await card.getByRole("heading").getByRole("link").click();
      await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
      await expect(page.getByText(`${km} km from you`)).toBeVisible();
      await expect(page.getByRole("button", { name: "How far is it from me?" })).toHaveCount(0);
    });
  });

  test("result cards offer a call in one tap, named by their card", async ({ page }) => {
    await page.goto("/services?filter=sto");
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: "Call" }) })
      .first();
    const call = card.getByRole("link", { name: "Call" });
    await expect(call).toHaveAttribute("href", /^tel:\+380\d{9}$/);
    await expect(call).toHaveAccessibleDescription((await card.getByRole("heading").textContent())!.trim());
  });

  test("a reviewed service shows its quality, speed and price, overall and on each review", async ({ page }) => {
    await page.goto("/services?sort=rating.desc");
    const card = page
      .locator("main article")
      .filter({ hasText: /\(\d+ reviews?\)/ })
      .first();
    await card.getByRole("link", { name: (await card.getByRole("heading").textContent())!.trim() }).click();
    await expect(page.getByRole("term")).toHaveText(["Quality", "Speed", "Price"]);
    const aspects = page.getByRole("definition");
    await expect(aspects).toHaveCount(3);
    for (const value of await aspects.allTextContents()) expect(value).toMatch(/^[1-5]\.\d of 5$/);
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: /Quality \d\s*Speed \d\s*Price \d/ })
        .first(),
    ).toBeVisible();
  });

  test("switching language on a service page keeps the page", async ({ page }) => {
    await page.goto("/services");
    const card = page.getByRole("article").first();
    await card.getByRole("link", { name: (await card.getByRole("heading").textContent())!.trim() }).click();
    await expect(page).toHaveURL(/\/service\/[0-9a-f-]{36}$/);
    const path = new URL(page.url()).pathname;
    await page.getByRole("link", { name: /Switch language to Українська/ }).click();
    await expect(page).toHaveURL(new RegExp(`/ua${path}$`));
    await expect(page.getByRole("link", { name: "Назад до сервісів" })).toBeVisible();
  });

  test("an unknown service id is a 404 page", async ({ page }) => {
    const response = await page.goto("/service/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("a missing, blocked or unpaid service is a 404 in both languages, asked for once or again (the page cache's turn)", async ({
    page,
    users,
  }) => {
    const unpaidOwner = await users.create("user");
    const unpaid = await unpaidOwner.context.request.post("/api/items/users/sto-order", {
      data: { ...STATION_INPUT, name: `Unpaid ${Date.now()}` },
    });
    expect(unpaid.status()).toBe(201);
    const { serviceId: blocked } = await users.create("owner");
    const admin = await users.create("admin");
    expect((await admin.context.request.put(`/api/items/admin/${blocked}/block`)).status()).toBe(200);
    const ids = ["00000000-0000-4000-8000-000000000000", ((await unpaid.json()) as { _id: string })._id, blocked!];
    for (const id of ids) {
      for (const prefix of ["", "/ua"]) {
        // Asked for once a page is rendered for its visitor; asked for again, the page cache renders it for everyone.
        for (let visit = 0; visit < 3; visit++) {
          const response = await page.request.get(`${prefix}/service/${id}`, { headers: { accept: "text/html" } });
          expect(response.status(), `${prefix}/service/${id}, visit ${visit + 1}`).toBe(404);
          expect(response.headers()["x-page-cache"]).toBeUndefined();
        }
      }
    }
    await page.goto(`/ua/service/${blocked}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сторінку не знайдено");
    await expect(page).toHaveTitle("Сторінку не знайдено · Майстер");
  });
});
