import type { Browser, Page } from "@playwright/test";
import { DEFAULT_TIMETABLE } from "../../lib/constants";
import { signIn, signUpAndConfirm } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const MASTER = {
  contactMail: "master@example.com",
  coordinates: { lat: 49.84, lng: 24.03 },
  address: "пл. Ринок, 1, Львів",
  timetable: DEFAULT_TIMETABLE,
};

async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await signIn(page, "admin@maister.local", "Admin123!");
  await expect(page).toHaveURL(/\/home$/);
}

/** A fresh user in their own browser, registered as a master through the API. */
async function newMaster(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUpAndConfirm(page, "Moderated User");
  const created = await page.request.post("/api/items/users", { data: { ...MASTER, name } });
  expect(created.status()).toBe(201);
  return { page, email, context };
}

test.describe("admin", () => {
  test("visitors and plain users are kept out", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers&reason=signedIn$/);
    await signIn(page, "user@maister.local", "User1234!");
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
    await page.goto("/admin/services");
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
  });

  test("searches and paginates users; blocks a user, who is signed out at once; grants and removes the admin flag", async ({ page, browser }) => {
    const victim = await newMaster(browser, `Блок Майстер ${Date.now()}`);
    await signInAsAdmin(page);
    await page.locator("summary", { hasText: "Admin" }).click();
    await page.getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/page\/2$/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("main").getByRole("searchbox").fill(victim.email);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/search\//);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("link", { name: "Edit Moderated User" }).click();

    await page.getByRole("button", { name: "Block" }).click();
    // The toast, not the same words in the "Last actions" list, which the refresh may show first.
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User blocked" })).toBeVisible();
    await victim.page.goto("/profile");
    await expect(victim.page).toHaveURL(/\/login/);

    await page.getByRole("button", { name: "Unblock" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User unblocked" })).toBeVisible();
    await expect(page.getByText("This account is blocked.")).toBeHidden();

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("group", { name: "Admin" }).getByLabel("Yes").check();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("User updated")).toBeVisible();
    await expect(page.getByRole("region", { name: "Last actions" }).getByText("User edited").first()).toBeVisible();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("group", { name: "Admin" }).getByLabel("No").check();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("User updated").first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("group", { name: "Admin" }).getByLabel("No")).toBeChecked();
    await victim.context.close();
  });

  test("edits a service, then deletes it from the list", async ({ page, browser }) => {
    const name = `Адмін Майстер ${Date.now()}`;
    const owner = await newMaster(browser, name);
    await owner.context.close();
    await signInAsAdmin(page);
    await page.goto(`/admin/services?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByRole("link", { name: `Clear the filter “${name}”` })).toBeVisible();
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Name")).toBeDisabled();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("Name").fill(`${name} Плюс`);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Mechanic updated")).toBeVisible();

    await page.getByRole("button", { name: "Block" }).click();
    await expect(page.getByText("Mechanic blocked")).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Services" }).click();
    await page.getByRole("main").getByRole("searchbox").fill(`${name} Плюс`);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: `${name} Плюс` });
    await expect(row).toContainText("Yes");
    await row.getByRole("button", { name: `Delete ${name} Плюс` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Mechanic deleted!")).toBeVisible();
    await expect(page.getByText("No services found.")).toBeVisible();
  });

  test("deleting a service on its edit page returns to /admin/stos, the services list", async ({ page, browser }) => {
    const name = `Стос Майстер ${Date.now()}`;
    const owner = await newMaster(browser, name);
    await owner.context.close();
    await signInAsAdmin(page);
    await page.goto(`/admin/services?keyword=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByRole("button", { name: "Delete master account" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Mechanic deleted!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/stos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    await page.goto("/ua/admin/stos");
    await expect(page.getByRole("heading", { level: 1, name: "Сервіси" })).toBeVisible();
  });
});
