import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

import { freshTotpCode } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import type { Users } from "./users";

type Messages = typeof import("../../messages/en.json");
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "messages", file), "utf8")) as Messages;
const EN = { code: "en", prefix: "", m: read("en.json") };
const UA = { code: "ua", prefix: "/ua", m: read("uk.json") };
const LOCALES = [EN, UA];
type Locale = typeof EN;

/** Each payload sets window.__xss if it ever runs; none of them may. */
const P = {
  script: `<script>window.__xss=1</script>`,
  img: `<img src=x onerror="window.__xss=1">`,
  svg: `<svg onload="window.__xss=1">`,
  iframe: `"><iframe srcdoc="<script>parent.__xss=1</script>">`,
  jsUrl: `javascript:window.__xss=1`,
  breakout: `</script><script>window.__xss=1</script>`,
  template: `{{constructor.constructor('window.__xss=1')()}}`,
  anchor: `<a href="javascript:window.__xss=1">click</a>`,
};
const CORPUS = Object.values(P);
// Legitimate text must come back exactly: Cyrillic, emoji, Hebrew and Arabic, an RTL override, quotes, "<" and "&".
const TEXT = `Ремонт «під ключ» 🚗🔧 שלום عليكم \u202Eevil\u202C 'single' "double" a < b & c`;
// Searches find this run's records by it. Names take only letters, digits, spaces and ` ' ’ - (NAME_PATTERN), so
// they carry those characters, which still matter in HTML attributes and JS strings, and no markup.
const stamp = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 100)}`;

/** A page in a language: ?lng= switches it and its cookie, as the language switch does (the cookie alone would keep the last one). */
const open = (page: Page, { code }: Locale, url: string) =>
  page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${code}`);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

/** Nothing ran, nothing was injected, no link points at script: the checks after every page. */
async function expectInert(page: Page) {
  await expect(
    page.locator('img[src="x"], svg[onload], iframe[srcdoc], [onerror], [onload], a[href^="javascript:" i]'),
  ).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

/** The server's HTML never carries a payload verbatim: React escapes text and attributes, Next escapes its flight data. */
async function expectEscapedHtml(page: Page, url: string, texts: string[]) {
  const html = await (await page.request.get(url)).text();
  for (const text of texts.filter((value) => value.includes("<"))) expect(html).not.toContain(text);
}

async function expectJsonLd(page: Page, fields: { name: string; description: string; address: string; email: string }) {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const data = JSON.parse((await scripts.textContent())!) as {
    name: string;
    description: string;
    email: string;
    address: { streetAddress: string };
  };
  expect({
    name: data.name,
    description: data.description,
    email: data.email,
    address: data.address.streetAddress,
  }).toEqual(fields);
}

let dialogs: string[] = [];
function watchDialogs(page: Page) {
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}
test.beforeEach(({ page }) => {
  dialogs = [];
  watchDialogs(page);
});
test.afterEach(() => expect(dialogs, "no alert/confirm/prompt opened").toEqual([]));

async function adminPage(users: Users): Promise<Page> {
  const { page } = await users.create("admin", { name: "XSS Admin" });
  watchDialogs(page);
  return page;
}

type ServiceTexts = { name: string; contactMail: string; address: string; description: string; website?: string };

/** The station / master form's text fields, by the labels of the page's language. */
async function fillServiceForm(page: Page, m: Messages, values: ServiceTexts & { lat: string; lng: string }) {
  const f = m.ServiceForm;
  await page.getByLabel(f.name, { exact: true }).fill(values.name);
  await page.getByLabel(f.contactMail, { exact: true }).fill(values.contactMail);
  await page.getByLabel(f.contactPhone1, { exact: true }).fill("0671234567");
  await page.getByLabel(f.latitude, { exact: true }).fill(values.lat);
  await page.getByLabel(f.longitude, { exact: true }).fill(values.lng);
  await page.getByRole("button", { name: f.findAddress }).click();
  // The e2e server has no geocoder: the address falls back to the coordinates, then is typed over.
  await expect(page.getByLabel(f.address, { exact: true })).not.toHaveValue("");
  await page.getByLabel(f.address, { exact: true }).fill(values.address);
  await page.getByLabel(f.description, { exact: true }).fill(values.description);
  await page.getByLabel(f.website, { exact: true }).fill(values.website ?? "");
}

/** /service/{id}: heading, address, description, contacts, JSON-LD; escaped in the HTML and inert in the page. */
async function expectServicePage(page: Page, locale: Locale, id: string, service: ServiceTexts) {
  const { m } = locale;
  const url = `/service/${id}`;
  await open(page, locale, url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.name);
  await expect(
    page.getByRole("link", { name: fill(m.ServiceDetail.directions, { address: service.address }) }),
  ).toHaveText(service.address);
  await expect(page.getByText(service.description, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: m.ServiceDetail.showContacts }).click();
  await expect(page.getByRole("link", { name: service.contactMail, exact: true })).toHaveAttribute(
    "href",
    `mailto:${service.contactMail}`,
  );
  if (service.website)
    await expect(page.getByRole("link", { name: service.website })).toHaveAttribute("href", service.website);
  await expectJsonLd(page, {
    name: service.name,
    description: service.description,
    address: service.address,
    email: service.contactMail,
  });
  await expectInert(page);
  await expectEscapedHtml(page, url, [service.address, service.description, service.contactMail]);
}

test.describe("XSS payloads render inert", () => {
  test("station form (/ua/addservice → /placeorder → paid): refusals, then the service page, JSON-LD, lists, the map's card, Saved and admin in both languages", async ({
    page,
    users,
  }) => {
    test.setTimeout(90_000);
    const id = stamp();
    const station = {
      name: `O'Brien \`Ґараж\` Сто-${id}`,
      contactMail: `"><img/src=x/onerror=window.__xss=1>@x.io`,
      address: [P.breakout, P.img, P.jsUrl, `вул. Хрещатик, 22 🚗`].join(" "),
      description: [P.script, P.svg, P.iframe, P.template, P.anchor, TEXT].join(" "),
      website: `https://example.com/?a=1&b='x'`,
    };
    const owner = `Власник O'Hara ${id}`;
    await users.create("user", { name: owner, page });
    const { m } = UA;
    await test.step("the form refuses markup where it does not belong", async () => {
      await open(page, UA, "/addservice");
      await fillServiceForm(page, m, {
        ...station,
        name: P.script,
        contactMail: P.img.replace(">", ">@x.io"),
        website: P.jsUrl,
        lat: "47.9",
        lng: "32.0",
      });
      await page.getByLabel(m.ServiceForm.facebook, { exact: true }).fill(P.jsUrl);
      await page.getByLabel(m.ServiceForm.instagram, { exact: true }).fill(`https://instagram.com/${P.svg}`);
      await page.getByRole("button", { name: m.Listing.continue }).click();
      await expect(page.locator("#service-name-error")).toHaveText(m.Validation.serviceName);
      await expect(page.locator("#service-contactMail-error")).toHaveText(m.Validation.contactMail);
      await expect(page.locator("#service-website-error")).toHaveText(m.Validation.website);
      await expect(page.locator("#service-facebook-error")).toHaveText(m.Validation.facebook);
      await expect(page.locator("#service-instagram-error")).toHaveText(m.Validation.instagram);
      await expectInert(page);
    });

    await test.step("the order, paid in test mode", async () => {
      await page.getByLabel(m.ServiceForm.name, { exact: true }).fill(station.name);
      await page.getByLabel(m.ServiceForm.contactMail, { exact: true }).fill(station.contactMail);
      await page.getByLabel(m.ServiceForm.website, { exact: true }).fill(station.website);
      await page.getByLabel(m.ServiceForm.facebook, { exact: true }).fill("https://facebook.com/maister.xss");
      await page.getByLabel(m.ServiceForm.instagram, { exact: true }).fill("");
      await page.getByRole("button", { name: m.Listing.continue }).click();
      await expect(page).toHaveURL(/\/ua\/placeorder$/);
      await expect(page.getByText(station.name, { exact: true })).toBeVisible();
      await expect(page.getByText(station.address, { exact: true })).toBeVisible();
      await expectInert(page);
      // Ukrainian pages offer the card through monobank first: the test payment is on PayPal's side.
      await page.getByRole("radio", { name: /PayPal/ }).check();
      await page.getByRole("button", { name: m.PlaceOrder.testPayment.replace("{amount}", "3,00 USD") }).click();
      await expect(page).toHaveURL(/\/ua\/service\/[0-9a-f-]{36}$/);
    });
    const serviceId = page.url().split("/").at(-1)!;

    await test.step("the service page, the lists, My stations, its edit form and Saved, in both languages", async () => {
      for (const locale of LOCALES) await expectServicePage(page, locale, serviceId, station);
      await page.getByRole("button", { name: UA.m.ServiceDetail.save }).click();

      for (const locale of LOCALES) {
        await open(page, locale, `/services?keyword=${id}`);
        const card = page.getByRole("article").filter({ hasText: id });
        await expect(card.getByRole("link", { name: station.name, exact: true })).toBeVisible();
        // A card names the place twice (the city beside the status on a phone, the address from md up): the one shown.
        await expect(card.getByText(station.address, { exact: true }).filter({ visible: true })).toBeVisible();
        await expectInert(page);

        await open(page, locale, "/mystos");
        await expect(page.getByRole("link", { name: station.name, exact: true })).toBeVisible();
        await expect(page.getByText(station.address, { exact: true })).toBeVisible();
        await expectInert(page);

        await open(page, locale, `/mystos/${serviceId}/edit`);
        await expect(page.getByLabel(locale.m.ServiceForm.name, { exact: true })).toHaveValue(station.name);
        await expect(page.getByLabel(locale.m.ServiceForm.address, { exact: true })).toHaveValue(station.address);
        await expect(page.getByLabel(locale.m.ServiceForm.description, { exact: true })).toHaveValue(
          station.description,
        );
        await expectInert(page);

        await open(page, locale, "/cart");
        await expect(page.getByRole("link", { name: station.name, exact: true })).toBeVisible();
        await expect(page.getByRole("link", { name: station.address, exact: true })).toBeVisible();
        await expect(page.getByRole("link", { name: station.contactMail, exact: true })).toHaveAttribute(
          "href",
          `mailto:${station.contactMail}`,
        );
        await expect(
          page.getByRole("button", { name: fill(locale.m.Cart.remove, { name: station.name }) }),
        ).toBeVisible();
        await expectInert(page);
      }
    });

    await test.step("the chosen pin's card and the home map", async () => {
      // The card under the results map of a search that finds only this station (the home map
      // draws the same markers, but groups them by place, so a pin there is not certain).
      await open(page, EN, `/services?keyword=${id}`);
      await page.getByRole("heading", { name: EN.m.Services.mapTitle, exact: true }).scrollIntoViewIfNeeded();
      // Names cannot hold a double quote, so the name goes into the selector as it is.
      await page.locator(`.maister-pin[title="${station.name}"]`).focus();
      await page.keyboard.press("Enter");
      const card = page.getByRole("region", { name: EN.m.Map.selectedService });
      await expect(card.getByRole("heading", { name: station.name, exact: true })).toBeVisible();
      // A card names the place twice (the city beside the status on a phone, the address from md up): the one shown.
      await expect(card.getByText(station.address, { exact: true }).filter({ visible: true })).toBeVisible();
      await expectInert(page);
      await open(page, EN, "/home");
      await page.getByRole("heading", { name: EN.m.Home.mapTitle }).scrollIntoViewIfNeeded();
      await expect(page.locator(".maister-pin").first()).toBeVisible();
      await expectInert(page);
    });

    await test.step("the admin's services list and edit form", async () => {
      const admin = await adminPage(users);
      for (const locale of LOCALES) {
        await open(admin, locale, `/admin/services?keyword=${id}`);
        const row = admin.getByRole("row").filter({ hasText: id });
        await expect(row.getByText(station.name, { exact: true })).toBeVisible();
        await expect(row.getByRole("link", { name: owner, exact: true })).toBeVisible();
        await expect(row.getByRole("link", { name: station.contactMail, exact: true })).toHaveAttribute(
          "href",
          `mailto:${station.contactMail}`,
        );
        await expectInert(admin);
      }
      await open(admin, UA, `/admin/services/${serviceId}/edit`);
      await expect(admin.getByLabel(UA.m.ServiceForm.name, { exact: true })).toHaveValue(station.name);
      await expect(admin.getByLabel(UA.m.ServiceForm.address, { exact: true })).toHaveValue(station.address);
      await expect(admin.getByLabel(UA.m.ServiceForm.description, { exact: true })).toHaveValue(station.description);
      await expectInert(admin);
    });
  });

  test("master form (/mechanicregister → /mechanic-profile): refusals, then the profile, the service page and the masters list in both languages", async ({
    page,
    users,
  }) => {
    test.setTimeout(60_000);
    const id = stamp();
    const master = {
      name: `Майстер D'Angelo \`${id}\``,
      contactMail: `javascript:window.__xss=1//@x.io`,
      address: [P.script, P.svg, P.iframe, P.anchor, P.template].join(" "),
      description: [P.breakout, P.img, P.jsUrl, TEXT].join(" "),
    };
    await users.create("user", { name: `Master ${id}`, page });
    const { m } = EN;
    await open(page, EN, "/mechanicregister");
    await fillServiceForm(page, m, {
      ...master,
      name: P.svg,
      contactMail: `${P.anchor}@x.io`,
      website: `https://example.com/"${P.svg}`,
      lat: "45.2",
      lng: "28.8",
    });
    await page.getByRole("button", { name: m.Listing.mechanicSubmit }).click();
    await expect(page.locator("#service-name-error")).toHaveText(m.Validation.serviceName);
    await expect(page.locator("#service-contactMail-error")).toHaveText(m.Validation.contactMail);
    await expect(page.locator("#service-website-error")).toHaveText(m.Validation.website);
    await expectInert(page);

    await page.getByLabel(m.ServiceForm.name, { exact: true }).fill(master.name);
    await page.getByLabel(m.ServiceForm.contactMail, { exact: true }).fill(master.contactMail);
    await page.getByLabel(m.ServiceForm.website, { exact: true }).fill("");
    await page.getByRole("button", { name: m.Listing.mechanicSubmit }).click();
    await expect(page.getByText(fill(m.Listing.mechanicWelcome, { name: master.name }), { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/mechanic-profile$/);

    for (const locale of LOCALES) {
      const lm = locale.m;
      await open(page, locale, "/mechanic-profile");
      await expect(page.getByLabel(lm.ServiceForm.name, { exact: true })).toHaveValue(master.name);
      await expect(page.getByLabel(lm.ServiceForm.contactMail, { exact: true })).toHaveValue(master.contactMail);
      await expect(page.getByLabel(lm.ServiceForm.address, { exact: true })).toHaveValue(master.address);
      await expect(page.getByLabel(lm.ServiceForm.description, { exact: true })).toHaveValue(master.description);
      await expectInert(page);
    }
    const serviceId = (await page.getByRole("link", { name: UA.m.Listing.viewPublic }).getAttribute("href"))!
      .split("/")
      .at(-1)!;

    for (const locale of LOCALES) {
      await expectServicePage(page, locale, serviceId, master);
      await open(page, locale, `/mechanics?keyword=${id}`);
      const card = page.getByRole("article").filter({ hasText: id });
      await expect(card.getByRole("link", { name: master.name, exact: true })).toBeVisible();
      // A card names the place twice (the city beside the status on a phone, the address from md up): the one shown.
      await expect(card.getByText(master.address, { exact: true }).filter({ visible: true })).toBeVisible();
      await expectInert(page);
    }
  });

  test("display name (register, /ua/profile) and a review written in the form: the service page, admin search, user edit and its history", async ({
    page,
    users,
  }) => {
    test.setTimeout(60_000);
    const id = stamp();
    const name = `D'Arcy \`Ґалина\` O’Neil-${id}`;
    await test.step("the sign-up form refuses markup in the name", async () => {
      await open(page, EN, "/register");
      await page.getByLabel(EN.m.Account.name, { exact: true }).fill(P.script);
      await page.getByRole("button", { name: EN.m.Account.submitRegister }).click();
      await expect(page.locator("#name-error")).toHaveText(EN.m.Validation.name);
      await expectInert(page);
    });

    const reviewer = await users.create("user", { name: `Reviewer ${id}`, page });
    await test.step("the profile refuses markup and keeps the name as typed", async () => {
      await open(page, UA, "/profile");
      const nameField = page.getByLabel(UA.m.Account.name, { exact: true });
      await nameField.fill(P.img);
      await page.getByRole("button", { name: UA.m.Profile.submit }).click();
      await expect(page.locator("#name-error")).toHaveText(UA.m.Validation.name);
      await nameField.fill(name);
      await page.getByRole("button", { name: UA.m.Profile.submit }).click();
      await expect(page.getByText(UA.m.Profile.updated)).toBeVisible();
      await page.reload();
      await expect(nameField).toHaveValue(name);
      await expectInert(page);
    });

    await test.step("a review carrying every payload, on the service page in both languages", async () => {
      await open(page, EN, "/services");
      const href = (await page.locator("main article h3 a").first().getAttribute("href"))!;
      await open(page, EN, href);
      const comment = [...CORPUS, TEXT].join(" ");
      for (const score of ["quality", "speed", "price"] as const)
        await page
          .getByRole("radiogroup", { name: EN.m.Review[score], exact: true })
          .getByRole("radio", { name: `${EN.m.Review.score4}, 4 stars` })
          .check();
      await page.getByLabel(EN.m.Review.comment, { exact: true }).fill(comment);
      await page.getByRole("button", { name: EN.m.Review.submit }).click();
      await expect(page.getByText(EN.m.Review.submitted)).toBeVisible();
      for (const locale of LOCALES) {
        await open(page, locale, href);
        const review = page.getByRole("listitem").filter({ hasText: name });
        await expect(review.getByText(name, { exact: true })).toBeVisible();
        await expect(review.getByText(comment, { exact: true })).toBeVisible();
        await expectInert(page);
      }
      await expectEscapedHtml(page, href, [comment]);
    });

    await test.step("the admin's search, user edit and history", async () => {
      // The audit history names the admin who acted: this user, made an admin for one change.
      const admin = await adminPage(users);
      await open(admin, EN, `/admin/users/search/${id}`);
      const userId = (await admin
        .getByRole("link", { name: fill(EN.m.Admin.editUserLabel, { name }) })
        .getAttribute("href"))!
        .split("/")
        .at(-2)!;
      expect((await admin.request.put(`/api/users/${userId}`, { data: { isAdmin: "true" } })).status()).toBe(200);
      // An admin acts only with two-step verification on: this one turns it on first.
      const { secret } = (await (
        await page.request.post("/api/users/profile/totp", { data: { currentPassword: reviewer.password } })
      ).json()) as { secret: string };
      const code = await freshTotpCode(secret);
      expect((await page.request.put("/api/users/profile/totp", { data: { code } })).status()).toBe(200);
      expect((await page.request.put(`/api/users/${userId}`, { data: { name } })).status()).toBe(200);
      expect((await admin.request.put(`/api/users/${userId}`, { data: { isAdmin: "false" } })).status()).toBe(200);
      for (const locale of LOCALES) {
        const { m } = locale;
        await open(admin, locale, `/admin/users/search/${encodeURIComponent(name)}`);
        const row = admin.getByRole("row").filter({ hasText: id });
        await expect(row.getByRole("cell", { name, exact: true })).toBeVisible();
        await expect(row.getByRole("link", { name: fill(m.Admin.editUserLabel, { name }) })).toBeVisible();
        await expect(admin.getByRole("searchbox")).toHaveValue(name);
        await expectInert(admin);

        await open(admin, locale, `/admin/users/${userId}/edit`);
        await expect(admin.getByLabel(m.Account.name, { exact: true })).toHaveValue(name);
        await expect(admin.getByText(fill(m.Admin.by, { name }), { exact: true })).toBeVisible();
        await expectInert(admin);
      }
    });
  });

  test("feedback on /ua/home reaches the outbox as literal text", async ({ page, users }) => {
    const { email } = await users.create("user", { name: "Feedback Writer", page });
    const title = `${P.breakout} ${P.template} ${TEXT}`;
    const message = [...CORPUS, TEXT].join("\n");
    // Feedback is limited per client address; this one comes from its own, so reruns on one server stay under the limit.
    const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await page.route("**/api/etc/feedback", (route) =>
      route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": address } }),
    );
    await open(page, UA, "/home");
    await page.getByLabel(UA.m.Feedback.title, { exact: true }).fill(title);
    await page.getByLabel(UA.m.Feedback.message, { exact: true }).fill(message);
    await page.getByRole("button", { name: UA.m.Feedback.send }).click();
    await expect(page.getByText(UA.m.Feedback.thanks)).toBeVisible();
    await expectInert(page);

    await page.goto("/dev/outbox");
    const mail = page.getByRole("listitem").filter({ hasText: email }).first();
    await expect(mail.getByRole("heading")).toHaveText(fill(EN.m.Mail.feedbackSubject, { title }));
    expect(await mail.locator("pre").textContent()).toBe(`${message}\n\n— ${email}`);
    await expectInert(page);
  });

  test("search boxes and URL parameters echo payloads as text: /services, the header search, admin searches, /login?redirect", async ({
    page,
    users,
  }) => {
    test.setTimeout(60_000);
    for (const [index, payload] of [...CORPUS, TEXT].entries()) {
      const locale = LOCALES[index % 2]!;
      const { m } = locale;
      await open(page, locale, `/services?keyword=${encodeURIComponent(payload)}`);
      await expect(page.getByText(`${fill(m.Services.keyword, { keyword: payload })} · `)).toBeVisible();
      await expect(page.getByRole("searchbox")).toHaveValue(payload);
      await expectInert(page);
    }
    await open(page, EN, `/services?keyword=${encodeURIComponent("<".repeat(101))}`);
    await expect(page.locator("main").getByRole("alert")).toContainText(EN.m.Validation.keywordTooLong);

    for (const locale of LOCALES) {
      const { m } = locale;
      await open(page, locale, "/services");
      await page.getByRole("searchbox", { name: m.Header.searchLabel }).fill(P.breakout);
      await page.getByRole("searchbox", { name: m.Header.searchLabel }).press("Enter");
      await expect(page.getByText(`${fill(m.Services.keyword, { keyword: P.breakout })} · `)).toBeVisible();
      expect(new URL(page.url()).searchParams.get("keyword")).toBe(P.breakout);
      await expectInert(page);
    }

    const admin = await adminPage(users);
    for (const [index, payload] of [P.breakout, P.img, P.template, P.iframe, "50%"].entries()) {
      const locale = LOCALES[index % 2]!;
      const { m } = locale;
      for (const url of [
        `/admin/users/search/${encodeURIComponent(payload)}`,
        `/admin/services?keyword=${encodeURIComponent(payload)}`,
      ]) {
        expect((await open(admin, locale, url))!.status(), url).toBe(200);
        await expect(admin.getByRole("searchbox")).toHaveValue(payload);
        await expect(
          admin.getByRole("link", { name: fill(m.Admin.clearFilter, { keyword: payload }), exact: true }),
        ).toBeVisible();
        await expectInert(admin);
      }
    }
    // The admin search box itself: "%" in a path segment once answered 500.
    await open(admin, UA, "/admin/users");
    await admin.getByRole("searchbox").fill("100% <b>");
    await admin.getByRole("searchbox").press("Enter");
    await expect(admin).toHaveURL(/\/ua\/admin\/users\/search\/100%25%20%3Cb%3E$/);
    await expect(
      admin.getByRole("link", { name: fill(UA.m.Admin.clearFilter, { keyword: "100% <b>" }), exact: true }),
    ).toBeVisible();
    await expectInert(admin);

    // A script URL as the sign-in target falls back to the home page.
    const { email, password } = await users.create("user", { name: "Redirect Tester" });
    await open(page, UA, `/login?redirect=${encodeURIComponent(P.jsUrl)}`);
    await expect(page.getByRole("link", { name: UA.m.Account.submitRegister, exact: true })).toHaveAttribute(
      "href",
      "/ua/register",
    );
    await page.getByLabel(UA.m.Account.email, { exact: true }).fill(email);
    await page.getByLabel(UA.m.Account.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: UA.m.Account.submitLogin }).click();
    await expect(page).toHaveURL(/\/ua\/home$/);
    await expectInert(page);
  });
});
