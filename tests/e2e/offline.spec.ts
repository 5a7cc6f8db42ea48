import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * Installable and readable offline (public/sw.js, app/_shell/offline-banner.tsx,
 * app/[locale]/offline): pages opened while connected, the Saved list with its phone numbers,
 * come back offline with a banner saying how old they are; a page never opened shows the offline
 * page in its language; what needs the network says so at once. Runs against the production build
 * (scripts/e2e-server.mjs), the only one that registers the worker; the other specs block workers
 * (playwright.config.ts).
 */
test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });

const SHOTS = "/work/coord/shots";

const LANGUAGES = {
  en: {
    prefix: "",
    banner: /^You are offline\. Showing the page as of \d{1,2}:\d\d [AP]M\.$/,
    offlineTitle: "You are offline",
    refused: "You are offline — try again when connected.",
    searchRefused: "You are offline — search works once you are connected.",
    save: "Save",
    search: "Search services",
    signIn: "Sign in",
    manifestName: "Maister",
  },
  uk: {
    prefix: "/ua",
    banner: /^Немає з’єднання\. Показано сторінку станом на \d\d:\d\d\.$/,
    offlineTitle: "Немає з’єднання з інтернетом",
    refused: "Немає з’єднання — спробуйте ще раз, коли з’явиться інтернет.",
    searchRefused: "Немає з’єднання — пошук запрацює, щойно з’явиться інтернет.",
    save: "Зберегти",
    search: "Пошук сервісів",
    signIn: "Увійти",
    manifestName: "Майстер",
  },
} as const;

/** Until the service worker controls the page (it claims open pages once it is active). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The same screen on a desktop, then back to the phone. */
async function wide(page: Page, file: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, file) });
  await page.setViewportSize({ width: 390, height: 844 });
}

const banner = (page: Page) => page.locator("[data-offline-banner]").filter({ hasText: /./ });

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`pages opened online come back offline with the banner, in ${language}`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const at = (pathname: string) => `${words.prefix}${pathname}`;
    // A kept copy hydrates like the page it was (its <html> carries one attribute more).
    const reactErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Minified React error|hydrat/i.test(message.text()))
        reactErrors.push(message.text());
    });

    // Online: the home page, the services list, a service page (saved to the list), the list, sign-in.
    await page.goto(words.prefix || "/");
    await expect(page).toHaveURL(new RegExp(`${at("/home")}$`));
    await controlled(page);
    // Loaded before the worker controlled it, the page the visitor landed on is kept all the same.
    await page.waitForFunction(async () => (await caches.match(location.href)) !== undefined);
    await page.goto(at("/services"));
    const firstService = page.locator('main a[href*="/service/"]').first();
    const servicePath = new URL((await firstService.getAttribute("href"))!, page.url()).pathname;
    await page.goto(servicePath);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    const phones = await page.locator('main a[href^="tel:"]').count();
    const save = page.getByRole("main").getByRole("button", { name: `${words.save} ${name}` });
    await hydrated(save);
    await save.click();
    await expect(page).toHaveURL(new RegExp(`${at("/cart")}$`));
    await expect(page.getByRole("main").getByRole("link", { name })).toBeVisible();
    await page.goto(at("/login"));
    await hydrated(page.getByRole("button", { name: words.signIn, exact: true }));
    // Give the worker a moment to keep what the last page fetched when idle (the toasts' code).
    await page.waitForLoadState("networkidle");

    await context.setOffline(true);

    for (const pathname of [at("/home"), servicePath, at("/cart")]) {
      await page.goto(pathname);
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${pathname}$`));
      await expect(banner(page)).toHaveText(words.banner);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // The Saved list, from this browser's storage, with its phone numbers: calling needs no data network.
    await expect(page.getByRole("main").getByRole("link", { name })).toBeVisible();
    if (phones) await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `P-offline-banner-${language}-390.png`) });
    await wide(page, `P-offline-banner-${language}-1440.png`);

    const service = await page.goto(servicePath);
    expect(service?.ok()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

    // A form refuses at once and says why, and the button does not stay busy.
    await page.goto(at("/login"));
    await page.getByRole("textbox", { name: /e-?mail|пошт/i }).fill("driver@example.com");
    await page
      .getByLabel(/password|пароль/i)
      .first()
      .fill("Secret-pass-1");
    const submit = page.getByRole("button", { name: words.signIn, exact: true });
    await submit.click();
    await expect(page.getByRole("main")).toContainText(words.refused);
    await expect(submit).toBeEnabled();
    await expect(submit).not.toHaveAttribute("aria-busy", "true");

    // A page never opened: the offline page in the page's language, with the way back.
    await page.goto(at("/mechanics?never=opened"));
    await expect(page).toHaveURL(new RegExp(`${at("/offline")}\\?from=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.offlineTitle);
    await expect(page.locator("[data-offline-banner]").filter({ hasText: words.banner })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link").first()).toHaveAttribute(
      "href",
      at("/mechanics?never=opened"),
    );
    await page.screenshot({ path: path.join(SHOTS, `P-offline-page-${language}-390.png`) });
    await wide(page, `P-offline-page-${language}-1440.png`);

    // The header search says so too.
    await page.goto(at("/services"));
    const search = page.getByRole("searchbox", { name: words.search });
    await hydrated(search);
    await search.fill("tyre");
    await search.press("Enter");
    await expect(page.getByText(words.searchRefused)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${at("/services")}$`));

    // Back online: the banner goes.
    await page.goto(at("/cart"));
    await expect(banner(page)).toHaveText(words.banner);
    await context.setOffline(false);
    await expect(page.locator("[data-offline-banner]").filter({ hasText: words.banner })).toHaveCount(0);
    expect(reactErrors).toEqual([]);
  });
}

/**
 * A shared phone: the person's session ends where this browser cannot see it ("sign out
 * everywhere" from another device), not by "Sign out" here. The worker kept only pages rendered for
 * nobody, so offline the next person sees no trace of them in the pages; the device's own storage
 * (their e-mail, their Saved list) is forgotten as soon as a page reaches the server and learns the
 * session is gone.
 */
for (const [language, words] of Object.entries(LANGUAGES)) {
  test(`a session ended on another device leaves nothing of its person on the phone, in ${language}`, async ({
    page,
    context,
    users,
  }) => {
    test.setTimeout(120_000);
    const at = (pathname: string) => `${words.prefix}${pathname}`;
    const anna = await users.create("user", { page, locale: language === "uk" ? "ua" : "en" });
    const kept = () => page.waitForFunction(async () => (await caches.match(location.href)) !== undefined);

    await page.goto(at("/home"));
    await controlled(page);
    await kept();
    await page.goto(at("/services"));
    const firstService = page.locator('main a[href*="/service/"]').first();
    const servicePath = new URL((await firstService.getAttribute("href"))!, page.url()).pathname;
    await page.goto(servicePath);
    await kept();
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    const save = page.getByRole("main").getByRole("button", { name: `${words.save} ${name}` });
    await hydrated(save);
    await save.click();
    await expect(page).toHaveURL(new RegExp(`${at("/cart")}$`));
    await page.waitForFunction((email) => localStorage.getItem("savedAccount") === email, anna.email);
    await page.reload();
    // Rendered for her, the page names her; what the worker keeps of it does not.
    expect(await page.content()).toContain(anna.email);
    await kept();
    await page.waitForLoadState("networkidle");

    const otherDevice = await users.signIn(anna);
    expect((await otherDevice.context.request.delete("/api/users/sessions")).status()).toBe(200);

    // Offline (as on a network slower than the worker's patience), the kept copies: nobody's pages.
    await context.setOffline(true);
    for (const pathname of [at("/home"), servicePath, at("/cart")]) {
      await page.goto(pathname);
      await expect(banner(page)).toHaveText(words.banner);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.content(), pathname).not.toContain(anna.email);
    }
    await page.screenshot({ path: path.join(SHOTS, `P-offline-shared-phone-${language}-390.png`) });
    await wide(page, `P-offline-shared-phone-${language}-1440.png`);

    // Back online, the first page that reaches the server finds the session gone: the device forgets her.
    await context.setOffline(false);
    await page.goto(at("/home"));
    await expect(page.getByRole("banner").locator('a[href$="/profile"]')).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem("savedAccount"), localStorage.getItem("cart")]))
      .toEqual([null, expect.not.stringContaining(name)]);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(anna.email);
    await page.goto(at("/cart"));
    await expect(page.getByRole("main").getByRole("link", { name })).toHaveCount(0);
  });
}

/**
 * The banner's time is the device's: in the browser's own time zone, in the page's language. The
 * device is put in a zone other than the server's, where a time formatted in the server's zone
 * (UTC on most servers: 19:09 when it is 21:09 in Kyiv) would show.
 */
const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const DEVICE_ZONE = SERVER_ZONE === "Europe/Kyiv" ? "America/New_York" : "Europe/Kyiv";
test.describe(`on a device in ${DEVICE_ZONE}`, () => {
  test.use({ timezoneId: DEVICE_ZONE });
  for (const [language, words] of Object.entries(LANGUAGES)) {
    test(`the offline banner tells the kept page's time in the device's zone, in ${language}`, async ({
      page,
      context,
    }) => {
      await page.goto(`${words.prefix}/home`);
      await controlled(page);
      await page.waitForFunction(async () => (await caches.match(location.href)) !== undefined);
      await context.setOffline(true);
      await page.reload();
      await expect(banner(page)).toHaveText(words.banner);
      // The copy's own stored time, formatted by the browser in the device's zone and the page's language.
      const expected = await page.evaluate(
        ([zone, locale]) =>
          new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(
            new Date(document.documentElement.getAttribute("data-stored-at")!),
          ),
        [DEVICE_ZONE, language] as const,
      );
      const inServerZone = await page.evaluate(
        ([zone, locale]) =>
          new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(
            new Date(document.documentElement.getAttribute("data-stored-at")!),
          ),
        [SERVER_ZONE, language] as const,
      );
      expect(expected).not.toBe(inServerZone);
      await expect(banner(page)).toContainText(expected);
      await page.screenshot({ path: path.join(SHOTS, `P-offline-banner-zone-${language}-390.png`) });
      await wide(page, `P-offline-banner-zone-${language}-1440.png`);
    });
  }
});

test("an unvisited page offline goes back to itself when the network returns", async ({ page, context }) => {
  await page.goto("/home");
  await controlled(page);
  await context.setOffline(true);
  await page.goto("/stos?page=1");
  await expect(page).toHaveURL(/\/offline\?from=/);
  await hydrated(page.getByRole("link", { name: "Try again" }));
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/stos\?page=1$/);
});

/**
 * Installable in each language, as Chromium decides it (Lighthouse 12 dropped its PWA audits). A
 * browser context Playwright opens is off the record, where Chromium installs nothing: this one
 * runs in a profile of its own.
 */
test("installable in both languages, named in the page's language", async ({ baseURL, browserName }) => {
  test.skip(browserName !== "chromium", "installability is Chromium's");
  const profile = mkdtempSync(path.join(tmpdir(), "maister-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: test.info().project.use.launchOptions?.executablePath,
    args: [...(test.info().project.use.launchOptions?.args ?? [])],
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const [language, words] of Object.entries(LANGUAGES)) {
      await page.goto(words.prefix || "/");
      await controlled(page);
      const manifest = page.locator('link[rel="manifest"]');
      await expect(manifest).toHaveAttribute("href", `/manifests/${language}.webmanifest`);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors, `${language}: ${JSON.stringify(installabilityErrors)}`).toEqual([]);
      const { data, errors } = await cdp.send("Page.getAppManifest");
      expect(errors).toEqual([]);
      expect(JSON.parse(data!)).toMatchObject({ name: words.manifestName, short_name: words.manifestName });
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
      await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
        "content",
        words.manifestName,
      );
    }
    const worker = await page.request.get("/sw.js?v=check");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
