import { linkFromOutbox } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { DEMO } from "./users";

test.describe("accounts", () => {
  test("register, read the mail in the outbox, confirm, and be signed in; then sign out", async ({ page }) => {
    const email = `e2e.${Date.now()}@test.local`;
    await test.step("sign up: mismatched passwords are refused", async () => {
      await page.goto("/register");
      await page.getByLabel("Name").fill("Ірина Test");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Kovbasa42!");
      await page.getByLabel("Confirm password").fill("Kovbasa99!");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByText("Passwords do not match")).toBeVisible();
      await page.getByLabel("Confirm password").fill("Kovbasa42!");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByRole("status")).toContainText("confirmation link");
    });

    await test.step("signing in before confirming is refused", async () => {
      await page.goto("/login");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill("Kovbasa42!");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.locator("form").getByRole("alert")).toContainText("confirm your e-mail");
    });

    await test.step("the mailed link confirms, with the password chosen at sign-up, and signs in", async () => {
      await page.goto("/dev/outbox");
      const mail = page.getByRole("listitem").filter({ hasText: email }).first();
      const link = /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec((await mail.textContent()) ?? "")![0];
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByLabel("The password you chose at sign-up").fill("Kovbasa43!");
      await page.getByRole("button", { name: "Submit registration" }).click();
      // Said once, at the field, not once more above the form.
      await expect(page.getByLabel("The password you chose at sign-up")).toHaveAccessibleDescription(
        "This is not the password chosen at sign-up.",
      );
      await expect(page.getByText("This is not the password chosen at sign-up.")).toHaveCount(1);
      await page.getByLabel("The password you chose at sign-up").fill("Kovbasa42!");
      await page.getByRole("button", { name: "Submit registration" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText("Welcome to Maister, Ірина Test!")).toBeVisible();
      await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
    });

    await test.step("signed in, the sign-in page passes on to its redirect; sign out", async () => {
      await page.goto("/login?redirect=/cart");
      await expect(page).toHaveURL(/\/cart$/);

      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    });
  });

  test("a new e-mail's link asks a signed-out visitor for the account's password; its owner, signed in, only presses", async ({
    page,
    browser,
    users,
  }) => {
    const owner = await users.create("user", { page });
    const newEmail = `e2e.moved.${Date.now()}@test.local`;
    const asked = await page.request.put("/api/users/profile", {
      data: { email: newEmail, currentPassword: owner.password },
    });
    expect(asked.status()).toBe(200);
    const link = await linkFromOutbox(page.context(), newEmail, "confirm-email-change");

    await test.step("signed out: the link alone is not enough, and a wrong password is said at the field", async () => {
      const stranger = await browser.newContext();
      const other = await stranger.newPage();
      await other.goto(link);
      const password = other.getByLabel("The password of your account");
      await password.fill("Wrong-Guess-7!");
      await other.getByRole("button", { name: "Use the new e-mail" }).click();
      await expect(password).toHaveAccessibleDescription("The current password is not right.");
      await stranger.close();
    });

    await test.step("signed in to that account, the same link still works: no password, one press", async () => {
      await page.goto(link);
      await expect(page.getByLabel("The password of your account")).toHaveCount(0);
      await page.getByRole("button", { name: "Use the new e-mail" }).click();
      await expect(page.getByText("Your e-mail is changed. Sign in with the new address.")).toBeVisible();
    });
  });

  test("wrong or weak passwords are refused with the same message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(DEMO.user.email);
    await page.getByLabel("Password").fill("weak");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password");
    await page.getByLabel("Password").fill("Wrong123!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("the demo user signs in and lands where the redirect says, never off-site", async ({ page }) => {
    await page.goto("/login?redirect=//evil.example");
    await page.getByLabel("E-mail").fill(DEMO.user.email);
    await page.getByLabel("Password").fill(DEMO.user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/(home)?$/);
    await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
  });
});
