import { expect, test } from "./fixtures";

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

    await page.getByRole("button", { name: "Add to Saved" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("1");

    await page.reload();
    await expect(page.getByRole("link", { name })).toBeVisible();
    await page.getByRole("button", { name: `Remove ${name} from Saved` }).click();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Saved/ }).first()).toContainText("0");
  });

  test("result cards offer a call in one tap, named by their card", async ({ page }) => {
    await page.goto("/services?filter=sto");
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Call" }) }).first();
    const call = card.getByRole("link", { name: "Call" });
    await expect(call).toHaveAttribute("href", /^tel:\+380\d{9}$/);
    await expect(call).toHaveAccessibleDescription((await card.getByRole("heading").textContent())!.trim());
  });

  test("a reviewed service shows its quality, speed and price, overall and on each review", async ({ page }) => {
    await page.goto("/services?sort=rating.desc");
    const card = page.locator("main article").filter({ hasText: /\(\d+ reviews?\)/ }).first();
    await card.getByRole("link", { name: (await card.getByRole("heading").textContent())!.trim() }).click();
    await expect(page.getByRole("term")).toHaveText(["Quality", "Speed", "Price"]);
    const aspects = page.getByRole("definition");
    await expect(aspects).toHaveCount(3);
    for (const value of await aspects.allTextContents()) expect(value).toMatch(/^[1-5]\.\d of 5$/);
    await expect(page.getByRole("listitem").filter({ hasText: /Quality \d\s*Speed \d\s*Price \d/ }).first()).toBeVisible();
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
});
