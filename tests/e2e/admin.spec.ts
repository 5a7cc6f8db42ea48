import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { DEMO } from "./users";

test.describe("admin", () => {
  test("visitors and plain users are kept out", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers&reason=signedIn$/);
    await signIn(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
    await page.goto("/admin/services");
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
  });

  test("searches and paginates users; blocks a user, who is signed out at once; grants and removes the admin flag", async ({ page, users }) => {
    const victim = await users.create("mechanic", { name: "Moderated User", service: { name: `Блок Майстер ${Date.now()}` } });
    await users.create("admin", { page });
    await test.step("find the user: the admin menu, page 2 of the list, a search by e-mail", async () => {
      await page.goto("/home");
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
    });

    await test.step("block: the user is signed out at once; unblock", async () => {
      await page.getByRole("button", { name: "Block" }).click();
      // The toast, not the same words in the "Last actions" list, which the refresh may show first.
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User blocked" })).toBeVisible();
      await victim.page.goto("/profile");
      await expect(victim.page).toHaveURL(/\/login/);

      await page.getByRole("button", { name: "Unblock" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User unblocked" })).toBeVisible();
      await expect(page.getByText("This account is blocked.")).toBeHidden();
    });

    await test.step("grant the admin flag, then remove it", async () => {
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
    });
  });

  test("edits a service, then deletes it from the list", async ({ page, users }) => {
    const name = `Адмін Майстер ${Date.now()}`;
    const master = await users.create("mechanic", { name: "Owner O'Brien", service: { name } });
    await users.create("admin", { page });
    await page.goto(`/admin/services?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByRole("link", { name: `Clear the filter “${name}”` })).toBeVisible();
    // The owner column names the owner and links to their account.
    await expect(page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Owner O'Brien" })).toHaveAttribute(
      "href",
      `/admin/users/${master.id}/edit`,
    );
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

  test("deleting a service on its edit page returns to /admin/stos, the services list", async ({ page, users }) => {
    const name = `Стос Майстер ${Date.now()}`;
    await users.create("mechanic", { service: { name } });
    await users.create("admin", { page });
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
