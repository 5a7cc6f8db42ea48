import { signUpAndConfirm } from "./accounts-helpers";
import { expect, test } from "./fixtures";

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

  test("the policy lets the pages work: no violations on home, services, a service page and the service form", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto("/home");
    await page.getByRole("region", { name: /map/i }).first().scrollIntoViewIfNeeded().catch(() => undefined);
    await page.goto("/services");
    await page.locator("main article h3 a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await signUpAndConfirm(page);
    await page.goto("/addservice");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ page, context }) => {
    await signUpAndConfirm(page);
    const session = (await context.cookies()).find((cookie) => cookie.name === "maister.session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });

  test("a forged proxy header does not reach guarded pages or data", async ({ page }) => {
    const forged = { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy", "x-middleware-rewrite": "/profile" };
    const pageAnswer = await page.request.get("/profile", { headers: forged, maxRedirects: 0 });
    expect(pageAnswer.status()).toBeGreaterThanOrEqual(300);
    expect(pageAnswer.status()).toBeLessThan(400);
    expect(pageAnswer.headers().location).toContain("/login");
    expect((await page.request.get("/api/users", { headers: forged })).status()).toBe(401);
    expect((await page.request.put("/api/users/profile", { headers: forged, data: { name: "Forged" } })).status()).toBe(401);
  });

  test("script in a review renders as inert text", async ({ page }) => {
    await page.goto("/services");
    const href = await page.locator("main article h3 a").first().getAttribute("href");
    const id = href!.split("/").at(-1)!;
    await signUpAndConfirm(page, "Mallory Test");
    const payload = `<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>`;
    expect((await page.request.post(`/api/items/${id}/reviews`, { data: { rating: { quality: 3, speed: 3, price: 3 }, comment: payload } })).status()).toBe(201);
    await page.goto(href!);
    await expect(page.getByText(payload)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });
});
