import type { Page, Response } from "@playwright/test";

import { expect, test } from "./fixtures";

/** API answers that the security log records as refusals (access.refused, throttle.hit). */
function watchRefusals(page: Page): { refused: string[] } {
  const seen = { refused: [] as string[] };
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    if ([401, 403, 429].includes(response.status())) seen.refused.push(`${url.pathname} ${response.status()}`);
  });
  return seen;
}

async function browse(page: Page) {
  await page.goto("/");
  await page.goto("/services");
  const card = page.getByRole("main").locator('a[href*="/service/"]').first();
  await card.click();
  await expect(page).toHaveURL(/\/service\//);
  await page.goto("/ua/services");
  await page.goto("/cart");
  // Whatever the pages ask the API for after loading (the session, the reviewer's side, beacons).
  await page.waitForLoadState("networkidle");
}

test.describe("security log", () => {
  test("browsing signed out is refused nothing by the API, so it adds nothing to the log", async ({ page }) => {
    const seen = watchRefusals(page);
    await browse(page);
    expect(seen.refused).toEqual([]);
  });

  test("a browser whose session ended elsewhere is refused nothing either", async ({ page, users }) => {
    const person = await users.create("user", { page });
    // Signed out everywhere from another browser: this one still holds its cookie and the hint.
    const other = await users.signIn(person);
    expect((await other.context.request.delete("/api/users/sessions")).status()).toBe(200);
    const seen = watchRefusals(page);
    // It asks who is signed in, and hears "nobody" (200), not a 401. Awaited on the first page:
    // browse() leaves each page at once, which could cut that question off before its answer came.
    const profile = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/users/profile");
    await page.goto("/");
    expect((await profile).status()).toBe(200);
    await browse(page);
    expect(seen.refused).toEqual([]);
  });

  test("an admin opens it from the menu and filters it with the keyboard", async ({ page, users }) => {
    const admin = await users.create("admin", { page });
    await page.goto("/home");
    await page.locator("summary", { hasText: "Admin" }).click();
    await page.getByRole("link", { name: "Security log" }).click();
    await expect(page.getByRole("heading", { name: "Security log", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Security log" });
    await expect(table.getByRole("link", { name: admin.email }).first()).toBeVisible();

    await page.getByLabel("Event").selectOption({ label: "Signed in" });
    await page.getByLabel("Account").fill(admin.email);
    await page.getByLabel("Account").press("Enter");
    await expect(page).toHaveURL(/\/admin\/security\?.*kind=signIn\.succeeded/);
    await expect(table.getByRole("row").nth(1)).toContainText("Signed in");
    await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();

    await page.getByLabel("Account").fill("nobody-at-all@nowhere.test");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("No events match these filters.")).toBeVisible();

    await page.goto("/ua/admin/security?from=2026-02-30");
    await expect(page.getByRole("alert").filter({ hasText: "РРРР-ММ-ДД" })).toBeVisible();
  });
});
