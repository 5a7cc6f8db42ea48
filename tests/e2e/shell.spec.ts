import { expect, test } from "./fixtures";

test.describe("site shell and languages", () => {
  test("the root redirects to /home", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find a trusted car service or mechanic");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("/ua/home renders Ukrainian with lang=uk and hreflang links", async ({ page }) => {
    await page.goto("/ua/home");
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Знайдіть надійну СТО або майстра");
    await expect(page.locator('link[rel="alternate"][hreflang="uk"]')).toHaveAttribute("href", /\/ua\/home$/);
    await expect(page.getByRole("contentinfo")).toContainText(`Майстер © ${new Date().getFullYear()}`);
  });

  test("?lng=ua switches the language and the choice sticks", async ({ page }) => {
    await page.goto("/home?lng=ua");
    await expect(page).toHaveURL(/\/ua\/home$/);
    await page.goto("/services");
    await expect(page).toHaveURL(/\/ua\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сервіси");
    await page.goto("/ua/home?lng=en");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the language switch keeps the path and query, by mouse and by keyboard", async ({ page }) => {
    await page.goto("/services?filter=mechanic");
    await page.getByRole("link", { name: /Switch language to Українська/ }).click();
    await expect(page).toHaveURL(/\/ua\/services\?filter=mechanic$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
    const english = page.getByRole("link", { name: /Змінити мову на англійську/ });
    await english.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\?filter=mechanic$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("unknown paths show the translated not-found page with a way to the stations", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to service stations" }).click();
    await expect(page).toHaveURL(/\/stos$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car service stations");

    const uaResponse = await page.goto("/ua/zovsim/ne/tak");
    expect(uaResponse?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Сторінку не знайдено" })).toBeVisible();
    await expect(page.getByRole("link", { name: "До списку СТО" })).toHaveAttribute("href", "/ua/stos");
  });

  test("the header search sets the keyword on services pages and ignores blanks", async ({ page }) => {
    await page.goto("/home");
    // The home page has a search of its own in its first screen; the header carries none there.
    await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search services" })).toHaveCount(0);
    await page.goto("/services?page=2");
    const search = page.getByRole("searchbox", { name: "Search services" });
    await search.fill("   ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/services\?page=2$/);
    await search.fill("Київ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/services\?keyword=%D0%9A%D0%B8%D1%97%D0%B2$/);
    await expect(page.getByText("Search: Київ")).toBeVisible();
  });

  test("on a phone the menu opens by keyboard and lists the links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/home");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Main navigation" }).filter({ visible: true });
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
    await nav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("services list shows published services and pages through them", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("article") })).toHaveCount(12);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/services\?page=2$/);
    await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.goto("/services?sort=foo");
    await expect(page.getByRole("alert").filter({ hasText: "The list could not be loaded." })).toContainText(
      "Unknown sort order.",
    );
  });
});
