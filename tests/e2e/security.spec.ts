import { connect } from "node:net";
import type { APIResponse, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/** A promise and the function that settles it. */
function held(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/**
 * One request written on a socket as given, for what an HTTP client would refuse or rewrite (TRACE,
 * CONNECT, a method of its own): the status line's code and the raw head, or 0 when the server
 * closed the connection without an answer.
 */
async function rawRequest(baseURL: string, method: string, target: string): Promise<{ status: number; head: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let received = "";
    socket.setTimeout(20_000, () => socket.destroy(new Error(`${method} ${target}: no answer`)));
    socket.on("connect", () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${new URL(baseURL).host}\r\nConnection: close\r\n\r\n`),
    );
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const head = received.split("\r\n\r\n")[0] ?? "";
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head });
    });
  });
}

/** Every Content-Security-Policy header of a response: there must be exactly one. */
function policies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === "content-security-policy")
    .map(({ value }) => value);
}

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

/** Collects what the browser reports about the policy: console messages and violation events. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`${page.url()}: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test.describe("security", () => {
  test("pages carry the security headers", async ({ page }) => {
    const response = await page.goto("/home");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("the policy lets the pages work: no violations on home, services, a service page and the service form", async ({
    page,
    users,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto("/home");
    await page
      .getByRole("region", { name: /map/i })
      .first()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    await page.goto("/services");
    await page.locator("main article h3 a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await users.create("user", { page });
    await page.goto("/addservice");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  test("a page's policy carries a fresh nonce, no 'unsafe-inline' for scripts, and base-uri 'none'", async ({
    page,
  }) => {
    const nonces = [];
    for (const path of ["/home", "/home", "/ua/services"]) {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const [policy, ...more] = policies(response);
      expect(more).toEqual([]);
      const scripts = directive(policy!, "script-src");
      expect(scripts).toContain("'strict-dynamic'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(directive(policy!, "base-uri")).toEqual(["'none'"]);
      expect(directive(policy!, "frame-ancestors")).toEqual(["'none'"]);
      expect(directive(policy!, "object-src")).toEqual(["'none'"]);
      const nonce = scripts.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // Next puts the nonce on every script it writes; the only other kind is JSON-LD, which is data.
      const tags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test("a page from the page cache carries its visitor's own nonce and works, with or without a session; a forged fill header is rendered afresh", async ({
    page,
    users,
  }) => {
    const path = `/ua/services?keyword=${Date.now()}`;
    const scriptNonces = (html: string) =>
      new Set((html.match(/<script\b[^>]*>/g) ?? []).map((tag) => /nonce="([^"]*)"/.exec(tag)?.[1]));
    const answers = [];
    // Pages are kept per minute: the three visits must fall in one.
    const second = new Date().getSeconds();
    if (second >= 55) await page.waitForTimeout((61 - second) * 1000);
    for (let visit = 0; visit < 3; visit++) {
      const response = await page.request.get(path, { headers: { accept: "text/html" } });
      expect(response.status()).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(policies(response)[0]!)![1]!;
      const html = await response.text();
      expect(scriptNonces(html)).toEqual(new Set([nonce]));
      answers.push({ cache: response.headers()["x-page-cache"], nonce, html: html.replaceAll(nonce, "N") });
    }
    // Asked for once, a page is rendered for its visitor; asked for again, for the cache.
    expect(answers.map(({ cache }) => cache)).toEqual([undefined, "miss", "hit"]);
    expect(new Set(answers.map(({ nonce }) => nonce)).size).toBe(3);
    expect(answers[2]!.html).toBe(answers[1]!.html);
    // Rendered whole (no route the cache keeps streams part of itself), a cached page has no boundary still waiting for its content.
    expect(answers[1]!.html).not.toMatch(/<template id="[BP]:|<div hidden id="S:/);

    // The router's fetch of the same address (Next hides its RSC header from the proxy) gets the RSC payload, not the cached HTML.
    const navigation = await page.request.get(path, { headers: { rsc: "1", accept: "*/*" } });
    expect(navigation.headers()["content-type"]).toContain("text/x-component");
    expect(navigation.headers()["x-page-cache"]).toBeUndefined();

    const placeholder = "AAAAAAAAAAAAAAAAAAAAAA==";
    const forged = await page.request.get(path, {
      headers: { accept: "text/html", "x-maister-page-fill": `guess ${placeholder}` },
    });
    expect(forged.headers()["x-page-cache"]).toBeUndefined();
    expect(policies(forged)[0]).not.toContain(placeholder);
    expect(await forged.text()).not.toContain(placeholder);

    const reported = await watchPolicy(page);
    // React reports a page whose markup it cannot hydrate as it is (its errors #418–#425).
    const hydrationErrors: string[] = [];
    page.on("pageerror", (error) => hydrationErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|#41[89]|#42[0-5]/i.test(message.text()))
        hydrationErrors.push(message.text());
    });
    await page.goto(path);
    await hydrated(page.getByRole("button", { name: "Майстри" }));
    await page.getByRole("button", { name: "Майстри" }).click();
    await expect(page).toHaveURL(/filter=mechanic/);
    expect(await reported()).toEqual([]);
    expect(hydrationErrors).toEqual([]);

    // A list is the same page for everyone: a signed-in visitor gets the cached one, with nothing of theirs in it.
    const { page: signedIn, serviceId } = await users.create("owner");
    const own = await signedIn.request.get(path, { headers: { accept: "text/html" } });
    expect(own.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    expect(await own.text()).not.toMatch(/href="\/ua\/(profile|mystos)"/);
    // Only the proxy marks a rendering as one for everyone: sent from outside, the mark is taken off.
    const forgedShared = await signedIn.request.get("/ua/cart", {
      headers: { accept: "text/html", "x-maister-shared-rendering": "1" },
    });
    expect(await forgedShared.text()).toContain('href="/ua/profile"');

    // A service page too: their review tools are asked for by the browser.
    const service = `/ua/service/${serviceId}`;
    for (let visit = 0; visit < 2; visit++) await page.request.get(service, { headers: { accept: "text/html" } });
    const ownService = await signedIn.request.get(service, { headers: { accept: "text/html" } });
    expect(ownService.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    const ownServiceHtml = await ownService.text();
    expect(ownServiceHtml).not.toMatch(/href="\/ua\/(profile|mystos)"/);
    expect(ownServiceHtml).not.toMatch(/<template id="[BP]:|<div hidden id="S:/);
    await page.goto(service);
    await hydrated(page.getByRole("heading", { level: 1 }));
    expect(hydrationErrors).toEqual([]);
  });

  test("a signed-in visitor on a page from the page cache never sees Sign in: their header waits for who they are", async ({
    users,
  }) => {
    const { page, serviceId } = await users.create("owner");
    const path = `/services?keyword=${Date.now()}`;
    // Asked for twice, the page is rendered for the cache: for nobody.
    for (let visit = 0; visit < 2; visit++) await page.request.get(path, { headers: { accept: "text/html" } });
    const holds = { scripts: held(), session: held() };
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await holds.scripts.promise;
      await route.continue();
    });
    await page.route("**/api/users/profile", async (route) => {
      await holds.session.promise;
      await route.continue();
    });
    const response = await page.goto(path, { waitUntil: "domcontentloaded" });
    expect(response!.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    // Before any script of the page has run but the header's own: Sign in and Sign up are there (rendered for nobody), unseen.
    const byGuess = ["/login", "/register", "/mechanicregister"].map((href) => nav.locator(`a[href="${href}"]`));
    await expect(nav.getByRole("link", { name: "Services", exact: true })).toBeVisible();
    for (const link of byGuess) {
      await expect(link).toBeAttached();
      await expect(link).toBeHidden();
    }
    holds.scripts.resolve();
    await hydrated(nav.getByRole("link", { name: "Services", exact: true }));
    // Hydrated, still asking.
    await expect(byGuess[0]!).toBeAttached();
    await expect(byGuess[0]!).toBeHidden();
    holds.session.resolve();
    await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "My stations" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign in" })).toHaveCount(0);

    // A service page: the sign-in prompt under the reviews waits too, then the review form; on their own, the owner's note.
    const other = (await users.create("owner")).serviceId!;
    for (const id of [other, serviceId!]) {
      for (let visit = 0; visit < 2; visit++)
        await page.request.get(`/service/${id}`, { headers: { accept: "text/html" } });
    }
    holds.session = held();
    await page.route("**/reviews/mine", async (route) => {
      await holds.session.promise;
      await route.continue();
    });
    const servicePage = await page.goto(`/service/${other}`);
    expect(servicePage!.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();
    await expect(page.getByText("Please sign in to write a review")).toBeAttached();
    await expect(page.getByText("Please sign in to write a review")).toBeHidden();
    holds.session.resolve();
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    await page.goto(`/service/${serviceId}`);
    await expect(page.getByText("This is your service, so you cannot review it.")).toBeVisible();

    // The home page's feedback form too, with their address.
    for (let visit = 0; visit < 2; visit++) await page.request.get("/home", { headers: { accept: "text/html" } });
    const home = await page.goto("/home");
    expect(home!.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    await expect(page.getByRole("textbox", { name: "Title" })).toBeVisible();
    await expect(page.getByText("Please sign in to send feedback.")).toHaveCount(0);

    // Signed out, the same cached page shows Sign in at once.
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(path);
    await expect(
      page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Sign in" }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-signed-in"))).toBe(false);
  });

  test("with that policy the pages hydrate and work: map, language switch, filter chips, a service page, sign-in", async ({
    page,
    tiles,
  }) => {
    const reported = await watchPolicy(page);
    await page.goto("/home");
    await page.getByRole("heading", { name: "Services on the map" }).scrollIntoViewIfNeeded();
    await expect(page.locator(".maister-pin").first()).toBeVisible();
    expect(tiles.count).toBeGreaterThan(0);
    await page.getByRole("link", { name: /Switch language to Українська/ }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
    await expect(page).toHaveURL(/\/ua\/home$/);

    await page.goto("/services?lng=en");
    await page.getByRole("button", { name: "Masters" }).click();
    await expect(page).toHaveURL(/filter=mechanic/);
    await expect(page.getByRole("button", { name: "Masters" })).toHaveAttribute("aria-pressed", "true");
    await page.locator("main article h3 a").first().click();
    await expect(page).toHaveURL(/\/service\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // JSON-LD is a data block: it needs no nonce and must not be reported.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

    await page.goto("/login");
    await page.getByLabel("E-mail").fill(`csp.${Date.now()}@test.local`);
    await page.getByLabel("Password").fill("Wrong123!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password");
    expect(await reported()).toEqual([]);
  });

  test("API answers keep a policy that loads nothing; uploads keep their sandbox", async ({ page }) => {
    const list = await page.request.get("/api/items");
    expect(policies(list)).toEqual(["default-src 'none'; frame-ancestors 'none'"]);
    const image = ((await list.json()) as { items: { image?: string }[] }).items.find((item) => item.image)?.image;
    expect(image, "a listed service with an image").toBeTruthy();
    const upload = await page.request.get(image!);
    expect(upload.status()).toBe(200);
    expect(policies(upload)).toEqual(["default-src 'none'; sandbox"]);
    expect(upload.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("a malformed percent-encoding is a 400 with the security headers, never a 500", async ({ page }) => {
    const api = await page.request.get("/api/items/%E0%A4%A");
    expect(api.status()).toBe(400);
    expect(await api.json()).toMatchObject({ key: "Api.badRequest", message: "The request is not valid." });
    expect(policies(api)).toEqual(["default-src 'none'; frame-ancestors 'none'"]);
    for (const [path, lang, text] of [
      ["/services/%", "en", "The request is not valid."],
      ["/ua/services/%E0%A4%A", "uk", "Запит містить помилку."],
      ["/_next/static/%", "en", "The request is not valid."],
    ] as const) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(400);
      const headers = response.headers();
      expect(headers["content-type"]).toContain("text/html");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(headers["x-frame-options"]).toBe("DENY");
      const [policy, ...more] = policies(response);
      expect(more).toEqual([]);
      expect(directive(policy!, "default-src")).toEqual(["'none'"]);
      const body = await response.text();
      expect(body).toContain(`<html lang="${lang}">`);
      expect(body).toContain(text);
      expect(body).not.toContain("<script");
    }
    // Encoded once more it is a valid address again: the page it names is simply not there.
    expect((await page.request.get("/services/%25")).status()).toBe(404);
  });

  test("a malformed percent-encoding in a path with a file's extension, or in an image's address, is a 400 too", async ({
    page,
  }) => {
    // The proxy's matcher skips paths ending in a static file's extension, so these reached Next's router.
    for (const path of ["/sitemap/%.xml", "/sitemap/%E0%A4%A.xml", "/%.png", "/ua/services/%.css", "/api/%.json"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(400);
    }
    // The optimizer's own refusals stay 400 with their text; an address it cannot take is no 500.
    for (const url of [
      "%2F%5Cx",
      "%2F%5C%5Cevil.example",
      "%2F%2Fevil.example%2Fa.png",
      "%2F_next%2Fimage%3Furl%3D%2Fx",
      "%2F%25",
    ]) {
      const response = await page.request.get(`/_next/image?url=${url}&w=64&q=75`);
      expect(response.status(), url).toBe(400);
    }
    expect((await page.request.get("/sitemap/0.xml")).status()).toBe(200);
    expect((await page.request.get("/sitemap/%30.xml")).status()).toBe(200);
    expect((await page.request.get("/sitemap/x.xml")).status()).toBe(404);
  });

  test("a method the site does not serve is a 405 naming the ones it does, never a 500", async ({ baseURL }) => {
    for (const path of [
      "/home",
      "/ua/services",
      "/services?near=50.45,30.52",
      "/service/00000000-0000-4000-8000-000000000000",
      "/",
    ]) {
      for (const method of ["TRACE", "PROPFIND", "PATCH", "DELETE", "OPTIONS", "POST"]) {
        const { status, head } = await rawRequest(baseURL!, method, path);
        expect(status, `${method} ${path}`).toBe(405);
        expect(head, `${method} ${path}`).toMatch(/^allow: GET, HEAD\r?$/im);
      }
      // Methods Node's parser does not know (TRACK among them) are its own 400.
      for (const method of ["TRACK", "FOO"])
        expect((await rawRequest(baseURL!, method, path)).status, `${method} ${path}`).toBe(400);
    }
    expect((await rawRequest(baseURL!, "TRACE", "/sitemap.xml")).status).toBe(405);
    // A route handler's methods are its own: Next refuses the rest (405, or 400 for a method it does not know).
    expect((await rawRequest(baseURL!, "TRACE", "/api/items")).status).toBe(405);
    for (const method of ["PROPFIND", "PATCH"]) {
      const { status } = await rawRequest(baseURL!, method, "/api/items");
      expect([400, 405], `${method} /api/items`).toContain(status);
    }
    // Node's server answers CONNECT itself (no tunnel here): whatever it says, not a 500.
    const connected = await rawRequest(baseURL!, "CONNECT", "localhost:443");
    expect(connected.status === 0 || (connected.status >= 400 && connected.status < 500), connected.head).toBe(true);
    expect((await rawRequest(baseURL!, "GET", "/home")).status).toBe(200);
    expect((await rawRequest(baseURL!, "HEAD", "/home")).status).toBe(200);
  });

  test("next-auth's routes answer a malformed body with the API's translated 400", async ({ page }) => {
    for (const action of ["callback/credentials", "signin/credentials", "signout", "session", "_log"]) {
      const response = await page.request.post(`/api/auth/${action}`, {
        headers: { "content-type": "application/json", "accept-language": "uk" },
        // As bytes: a string with a JSON content type would be sent as a JSON string.
        data: Buffer.from("{not json"),
      });
      expect(response.status(), action).toBe(400);
      expect(await response.json()).toEqual({
        key: "Validation.json",
        message: expect.not.stringMatching(/^Validation\./),
      });
    }
    const form = await page.request.post("/api/auth/callback/credentials", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "a=%zz&&=&csrfToken",
      maxRedirects: 0,
    });
    expect(form.status()).toBeLessThan(500);
  });

  test("a redirect target beyond ASCII takes a signed-in visitor to a path on this site, not a 500", async ({
    page,
    baseURL,
    users,
  }) => {
    expect((await page.request.get("/login?redirect=/%E3%80%82evil")).status()).toBe(200);
    await users.create("user", { name: "Redirect Tester", page });
    for (const [path, location] of [
      ["/login?redirect=/%E3%80%82evil", "/%E3%80%82evil"],
      ["/ua/login?redirect=/%EF%BC%8F%EF%BC%8Fevil.example", "/ua/%EF%BC%8F%EF%BC%8Fevil.example"],
      ["/ua/register?redirect=/services?q=%D1%88%D0%B8%D0%BD%D0%B8", "/ua/services?q=%D1%88%D0%B8%D0%BD%D0%B8"],
    ]) {
      const response = await page.request.get(path!, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(response.headers().location).toBe(location);
      expect(new URL(response.headers().location!, baseURL).origin).toBe(new URL(baseURL!).origin);
    }
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ page, context, users }) => {
    await users.create("user", { page });
    // A production build names it __Host- and marks it Secure (features/accounts/session-cookie.ts); localhost counts as secure.
    const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-maister.session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: true });
  });

  test("the language cookie is Secure too, whether next-intl or ?lng sets it", async ({ page, context }) => {
    // lib/http/secure-cookies.ts: a production build marks every cookie of the site Secure.
    await page.goto("/ua/services");
    const byNextIntl = (await context.cookies()).find((cookie) => cookie.name === "NEXT_LOCALE");
    expect(byNextIntl).toMatchObject({ value: "uk", secure: true, sameSite: "Lax" });
    await context.clearCookies();
    await page.goto("/services?lng=ua");
    const byQuery = (await context.cookies()).find((cookie) => cookie.name === "NEXT_LOCALE");
    expect(byQuery).toMatchObject({ value: "uk", secure: true, sameSite: "Lax" });
  });

  test("a forged proxy header does not reach guarded pages or data", async ({ page }) => {
    const forged = { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy", "x-middleware-rewrite": "/profile" };
    const pageAnswer = await page.request.get("/profile", { headers: forged, maxRedirects: 0 });
    expect(pageAnswer.status()).toBeGreaterThanOrEqual(300);
    expect(pageAnswer.status()).toBeLessThan(400);
    expect(pageAnswer.headers().location).toContain("/login");
    expect((await page.request.get("/api/users", { headers: forged })).status()).toBe(401);
    expect((await page.request.put("/api/users/profile", { headers: forged, data: { name: "Forged" } })).status()).toBe(
      401,
    );
  });

  test("script in a review renders as inert text", async ({ page, users }) => {
    await page.goto("/services");
    const href = await page.locator("main article h3 a").first().getAttribute("href");
    const id = href!.split("/").at(-1)!;
    await users.create("user", { name: "Mallory Test", page });
    const payload = `<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>`;
    expect(
      (
        await page.request.post(`/api/items/${id}/reviews`, {
          data: { rating: { quality: 3, speed: 3, price: 3 }, comment: payload },
        })
      ).status(),
    ).toBe(201);
    await page.goto(href!);
    await expect(page.getByText(payload)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });
});
