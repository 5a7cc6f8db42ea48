import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Scrolls the first map on the page up under the sticky header, then asks the browser what is
 * drawn at points of the header over the map: the header's own content, never a tile, a marker or a
 * zoom button.
 */
async function expectHeaderAboveMap(page: Page) {
  const map = page.locator(".leaflet-container").first();
  await expect(map.locator(".leaflet-control-zoom")).toBeVisible();
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  const covered = await page.evaluate(() => {
    const header = document.querySelector("header")!;
    const container = document.querySelector(".leaflet-container")!;
    window.scrollBy(0, container.getBoundingClientRect().top - header.getBoundingClientRect().top - 4);
    const top = header.getBoundingClientRect();
    const box = container.getBoundingClientRect();
    if (box.top >= top.bottom) return "the map did not reach the header";
    const wrong: string[] = [];
    for (let x = Math.max(top.left, box.left) + 2; x < Math.min(top.right, box.right); x += 10) {
      for (const y of [top.top + 2, (top.top + top.bottom) / 2, top.bottom - 2]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !header.contains(hit))
          wrong.push(`${Math.round(x)},${Math.round(y)}: ${hit?.className || hit?.tagName}`);
      }
    }
    return wrong.join("; ");
  });
  expect(covered).toBe("");
}

test.describe("maps stay under the sticky header", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`home map at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/home");
      await page.getByRole("heading", { name: "Services on the map" }).scrollIntoViewIfNeeded();
      await expectHeaderAboveMap(page);
    });

    test(`services map at ${size.width}×${size.height}`, async ({ page }) => {
      // Low enough for the map to reach the header: on a phone the map view, on a desktop the map beside
      // the list, which stays in view under the header until the list ends and then scrolls up with it.
      await page.setViewportSize({ width: size.width, height: size === PHONE ? 480 : 400 });
      await page.goto(size === PHONE ? "/services?sort=rating.desc&view=map" : "/services?sort=rating.desc");
      if (size === DESKTOP) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectHeaderAboveMap(page);
    });
  }
});

/** A service's own pin on the first map, zooming in on a group until one shows. */
async function servicePin(page: Page) {
  const pins = page.locator(".maister-pin:not(.maister-cluster)");
  await expect(page.locator(".maister-pin").first()).toBeVisible();
  for (let step = 0; step < 6 && (await pins.count()) === 0; step++) {
    await page.locator(".maister-cluster").first().click();
    await page.waitForTimeout(500);
  }
  await expect(pins.first()).toBeAttached();
  return pins.first();
}

test.describe("map popups by keyboard", () => {
  test("Escape puts away the chosen pin's card on /services and gives the focus back to its pin", async ({ page }) => {
    // A Kyiv question: the map opens on its few results, as pins rather than clusters to open first.
    await page.goto("/services?keyword=%D0%9A%D0%B8%D1%97%D0%B2");
    await page.getByRole("region", { name: "Map of the results" }).scrollIntoViewIfNeeded();
    const pin = await servicePin(page);
    const card = page.getByRole("region", { name: "Selected service" });
    // Chosen from the keyboard, with the focus moved into the card.
    await pin.focus();
    await page.keyboard.press("Enter");
    await expect(card).toBeVisible();
    await expect(card.getByRole("link").first()).toBeVisible();
    await card.getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
    await expect(pin).toBeFocused();
    // Chosen with the mouse.
    await pin.click();
    await expect(card).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card).toHaveCount(0);
  });

  for (const { path, heading } of [{ path: "/home", heading: "Services on the map" }]) {
    test(`Escape closes a popup on ${path} and gives the focus back to its pin`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole("heading", { name: heading, exact: true }).scrollIntoViewIfNeeded();
      const pin = await servicePin(page);
      const popup = page.locator(".leaflet-popup");
      // Opened from the keyboard, with the focus moved into the popup.
      await pin.focus();
      await page.keyboard.press("Enter");
      await expect(popup).toBeVisible();
      await popup.getByRole("link").focus();
      await page.keyboard.press("Escape");
      await expect(popup).toHaveCount(0);
      await expect(pin).toBeFocused();
      // Opened with the mouse.
      await pin.click();
      await expect(popup).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(popup).toHaveCount(0);
    });
  }
});

test.describe("toasts", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`at ${size.width} px a toast covers none of the header`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/services?filter=sto");
      await page
        .getByRole("article")
        .first()
        .getByRole("button", { name: /^Save / })
        .click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Saved" });
      await expect(toast).toBeVisible();
      const header = (await page.locator("header").first().boundingBox())!;
      // Polled: the toast slides in.
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    });

    test(`at ${size.width} px a toast raised in a dialog shows above it, and the dialog still works`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto("/services");
      // On a phone the distance is in the filter sheet.
      if (size === PHONE) {
        const filters = page.getByRole("button", { name: "Filters", exact: true });
        await hydrated(filters);
        await filters.click();
      }
      await hydrated(page.getByLabel("Distance"));
      await page.getByLabel("Distance").selectOption({ label: "From a point on the map" });
      const dialog = page.getByRole("dialog", { name: "Choose a location" });
      await dialog.getByRole("button", { name: "Apply" }).click();
      const warning = page.locator("[data-sonner-toast]").filter({ hasText: "Please choose a location on the map." });
      await expect(warning).toBeVisible();
      const onTop = async () => {
        const box = (await warning.boundingBox())!;
        return page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest("[data-sonner-toast]")), {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
        });
      };
      await expect.poll(onTop).toBe(true);
      await dialog.getByLabel("Latitude").fill("49,8397");
      await dialog.getByLabel("Longitude").fill("24,0297");
      await dialog.getByRole("button", { name: "Apply" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/near=49\.8397(%2C|,)24\.0297/);
    });
  }
});

test.describe("services by keyboard", () => {
  test("on /services Tab reaches the filters before the top-rated strip", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("region", { name: "Top rated" })).toBeVisible();
    await page.locator("#services-title").evaluate((title: HTMLElement) => {
      title.tabIndex = -1;
      title.focus();
    });
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Stations", exact: true })).toBeFocused();
  });

  test("a result card shows a focus ring around the whole card", async ({ page }) => {
    await page.goto("/services?sort=rating.desc");
    await hydrated(page.getByLabel("Distance"));
    await page.getByLabel("Distance").focus();
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const own = getComputedStyle(focused);
      const after = getComputedStyle(focused, "::after");
      const card = focused.closest("article")!;
      return {
        inCard: focused.closest("article") !== null,
        own: own.outlineStyle !== "none" && Number.parseFloat(own.outlineWidth) >= 2,
        after:
          after.outlineStyle !== "none" &&
          Number.parseFloat(after.outlineWidth) >= 2 &&
          after.outlineColor !== "rgba(0, 0, 0, 0)",
        afterCoversCard:
          after.position === "absolute" &&
          Math.abs(Number.parseFloat(after.width) - card.clientWidth) < 1 &&
          Math.abs(Number.parseFloat(after.height) - card.clientHeight) < 1,
      };
    });
    expect(ring.inCard).toBe(true);
    expect(ring.own || (ring.after && ring.afterCoversCard)).toBe(true);
  });

  test("arrow keys move through the sort options without loading a page; Enter or leaving the field applies once", async ({
    page,
  }) => {
    await page.goto("/services?filter=sto");
    const loads: string[] = [];
    page.on("request", (request) => {
      const headers = request.headers();
      if (headers.rsc && !headers["next-router-prefetch"] && new URL(request.url()).pathname === "/services")
        loads.push(request.url());
    });
    const sort = page.getByLabel("Sort by");
    await hydrated(sort);
    await sort.focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowDown");
    await expect(sort).toHaveValue("price.desc");
    await page.waitForTimeout(500);
    expect(loads).toEqual([]);
    await expect(page).toHaveURL(/\/services\?filter=sto$/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\?filter=sto&sort=price\.desc$/);
    expect(loads).toHaveLength(1);

    await sort.focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/sort=price\.desc$/);
    await page.keyboard.press("Tab");
    await expect(page).toHaveURL(/\/services\?filter=sto&sort=rating\.desc$/);
    expect(loads).toHaveLength(2);
    await expect(sort).toHaveValue("rating.desc");
  });

  test("filter chips are toggle buttons that answer Space and Enter", async ({ page }) => {
    await page.goto("/services");
    const stations = page.getByRole("button", { name: "Stations", exact: true });
    await expect(stations).toHaveAttribute("aria-pressed", "false");
    await stations.focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/\/services\?filter=sto$/);
    await expect(stations).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("button", { name: "Open now" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/filter=sto&open=true$/);
    await page.getByRole("button", { name: "Open now" }).focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/\/services\?filter=sto$/);
    await expect(page.getByRole("button", { name: "Open now" })).toHaveAttribute("aria-pressed", "false");
  });

  test("Escape closes the phone menu and gives the focus back to its toggle", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/home");
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main navigation" }).filter({ visible: true });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toHaveCount(0);
    await expect(menu).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
  });
});

test.describe("not-found pages are whole pages on the server", () => {
  const cases = [
    {
      path: "/no-such-page",
      lang: "en",
      heading: "Page not found",
      home: "Go to the home page",
      homeHref: "/home",
      title: "Page not found · Maister",
    },
    {
      path: "/ua/zovsim/ne/tak",
      lang: "uk",
      heading: "Сторінку не знайдено",
      home: "На головну сторінку",
      homeHref: "/ua/home",
      title: "Сторінку не знайдено · Майстер",
    },
  ];
  for (const expected of cases) {
    test(`${expected.path} answers 404 with its text in the HTML`, async ({ request }) => {
      const response = await request.get(expected.path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<html lang="${expected.lang}"`));
      expect(html).not.toContain("__next_error__");
      expect(html).toContain(`<title>${expected.title}</title>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${expected.heading}</h1>`));
      expect(html).toMatch(new RegExp(`<a[^>]*href="${expected.homeHref}"[^>]*>${expected.home}</a>`));
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });
  }

  // A missing service's page throws notFound(): Next 16.4.6 answers 404 with its own shell, whose
  // script draws the not-found page (app/not-found.tsx). The head is whole: the title and noindex.
  for (const [path, title] of [
    [`/service/${MISSING_ID}`, "Page not found · Maister"],
    [`/ua/service/${MISSING_ID}`, "Сторінку не знайдено · Майстер"],
    ["/service/not-an-id", "Page not found · Maister"],
  ] as const) {
    test(`${path} answers 404 with the not-found page's title, not indexed`, async ({ request }) => {
      const response = await request.get(path, { headers: { accept: "text/html" } });
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });
  }

  test("a service that is there still opens, and the missing one is not found in the browser either", async ({
    page,
  }) => {
    await page.goto("/services?sort=rating.desc");
    const first = page.locator("main article h3 a").first();
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const response = await page.goto(`/service/${MISSING_ID}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test("a result's link shows that its service page is loading, and the list stays until the page is there", async ({
  page,
}) => {
  await page.goto("/services?sort=rating.desc");
  const card = page.locator("main article h3 a").first();
  await hydrated(card);
  const name = (await card.textContent())!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/service\/[0-9a-f-]{36}/, async (route) => {
    const headers = route.request().headers();
    if (headers.rsc && !headers["next-router-prefetch"]) await held;
    await route.continue();
  });
  await card.click();
  const loading = card.getByRole("status").filter({ hasText: "Loading…" });
  await expect(loading).toBeAttached();
  await expect(card.locator("[data-link-pending]")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(name);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
});

test.describe("results in the first screen", () => {
  for (const size of [PHONE, DESKTOP]) {
    test(`at ${size.width}×${size.height} the top-rated strip is compact and the first result shows`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto("/services");
      const strip = page.getByRole("region", { name: "Top rated" });
      await expect(strip).toBeVisible();
      const firstResult = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("article") })
        .first();
      const box = (await firstResult.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y).toBeLessThan(size.height - 60);
      const stripBox = (await strip.boundingBox())!;
      expect(stripBox.height).toBeLessThan(200);
      // More cards than fit: they scroll sideways instead of growing the page.
      expect(await strip.getByRole("list").evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    });
  }
});

test.describe("guards say why they sent the visitor on", () => {
  // The home map's skeleton says "Loading the map…" as a status of its own: the notice is the other one.
  const notice = (page: Page) => page.locator('main p[role="status"]:not([data-map-skeleton] *)');

  test("a visitor sent to sign in is told so, in both languages", async ({ page }) => {
    await page.goto("/mystos");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmystos&reason=signedIn$/);
    await expect(notice(page)).toHaveText("Please sign in to open that page.");
    await page.goto("/ua/addservice");
    await expect(notice(page)).toHaveText("Щоб відкрити цю сторінку, увійдіть.");
  });

  test("a signed-in user without the role lands on the home page with the reason and a way on", async ({
    page,
    users,
  }) => {
    await users.create("user", { name: "Guarded User", page });
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
    await expect(notice(page)).toHaveText("That page is for administrators only.");

    await page.goto("/mystos");
    await expect(page).toHaveURL(/\/home\?reason=stationOwner$/);
    await expect(notice(page)).toContainText("My stations opens once you have a station of your own.");
    await notice(page).getByRole("link", { name: "Add a station" }).click();
    await expect(page).toHaveURL(/\/addservice$/);

    await page.goto("/ua/mechanic-profile");
    await expect(page).toHaveURL(/\/ua\/home\?reason=mechanic$/);
    await expect(notice(page)).toContainText("Ця сторінка для майстрів");
  });

  test("only known reasons are shown, never text from the address", async ({ page }) => {
    for (const reason of ["<b>hacked</b>", "constructor", "Guard.admin", "toString"]) {
      await page.goto(`/home?reason=${encodeURIComponent(reason)}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(notice(page)).toHaveCount(0);
      await expect(page.getByText(/hacked|Guard\./)).toHaveCount(0);
    }
  });
});

/** The required fields of a new station, all but its name. */
async function fillStationButName(page: Page) {
  await page.getByLabel("Contact mail").fill("garage@example.com");
  await page.getByLabel("Latitude").fill("50.4501");
  await page.getByLabel("Longitude").fill("30.5234");
  await page.getByRole("button", { name: "Find the address" }).click();
  await expect(page.getByLabel("Address")).not.toHaveValue("");
}

test.describe("placing an order", () => {
  test("a form's error toast closes when the next page opens", async ({ page, users }) => {
    await users.create("user", { name: "Toast Owner", page });
    await page.goto("/addservice");
    await fillStationButName(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    const stale = page.locator("[data-sonner-toast]").filter({ hasText: "Please enter a valid name" });
    await expect(stale).toBeVisible();
    await page.getByLabel("Name").fill(`Toast Garage ${Date.now()}`);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    // Well within the toast's own 5 s.
    await expect(stale).toHaveCount(0, { timeout: 2000 });
  });

  test("when PayPal's script does not load, Try again loads it again", async ({ page, users }) => {
    await users.create("user", { name: "Retry Payer", page });
    await page.goto("/addservice");
    await fillStationButName(page);
    await page.getByLabel("Name").fill(`Retry Garage ${Date.now()}`);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    // The fixture blocks paypal.com: the first attempt fails.
    const failed = page.getByRole("alert").filter({ hasText: "PayPal could not be loaded." });
    await expect(failed).toBeVisible();
    await page.route(/^https:\/\/www\.paypal\.com\/sdk\/js/, (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: `window.paypal = { Buttons() { return { isEligible: () => true, render(container) {
          const button = document.createElement("button"); button.type = "button"; button.textContent = "PayPal";
          container.appendChild(button); return Promise.resolve();
        } }; } };`,
      }),
    );
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});

test("on a phone the special dates editor keeps each entry's fields in two clean columns, in both languages", async ({
  users,
}) => {
  const { page, serviceId } = await users.create("owner", { name: "Calendar Owner" });
  await page.setViewportSize(PHONE);
  for (const [prefix, title, addDate, addClosure, closed] of [
    ["", "Holidays and special hours", "Add a date", "Add a temporary closure", "Closed all day"],
    ["/ua", "Свята й особливий розклад", "Додати дату", "Додати тимчасове закриття", "Зачинено весь день"],
  ] as const) {
    await page.goto(`${prefix}/mystos/${serviceId}/edit`);
    const editor = page.getByRole("region", { name: title });
    await editor.getByRole("button", { name: addDate }).click();
    await editor.getByLabel(closed).first().uncheck();
    await editor.getByRole("button", { name: addClosure }).click();
    for (const entry of await editor.getByRole("listitem").all()) {
      const box = (await entry.boundingBox())!;
      // The typed fields and the "closed all day" box with its label.
      const fields = await entry
        .locator("input:not([type=checkbox]), label:has(input[type=checkbox])")
        .evaluateAll((controls) =>
          controls.map((control) => {
            const rect = control.getBoundingClientRect();
            return { left: Math.round(rect.left), right: Math.round(rect.right) };
          }),
        );
      // Every field inside its entry, and each row's fields starting at the same two columns: no zig-zag.
      for (const field of fields) expect(field.right).toBeLessThanOrEqual(Math.round(box.x + box.width));
      expect(new Set(fields.map((field) => field.left)).size, JSON.stringify(fields)).toBeLessThanOrEqual(2);
    }
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  }
});
