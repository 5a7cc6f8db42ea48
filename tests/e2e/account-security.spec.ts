import { linkFromOutbox, signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

test.describe("forgot password", () => {
  test("by keyboard: forgot password → the mail in the outbox → a new password → signed in; the old password and the link are dead", async ({
    page,
    users,
  }) => {
    const { email, password } = await users.create("user", { name: "Reset Tester" });

    await test.step("ask for a link, by keyboard", async () => {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
      await page.getByLabel("E-mail").focus();
      await page.keyboard.type(email);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status")).toContainText("If an account uses this e-mail");
    });

    const link = await linkFromOutbox(page, email, "reset-password");
    await test.step("a weak and a common password are refused, a good one signs in", async () => {
      await page.goto(link);
      await page.getByLabel("Password", { exact: true }).fill("Weak");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.locator("#password-error")).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill("Password1!");
      await page.getByLabel("Confirm password").fill("Password1!");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.locator("#password-error")).toHaveText(
        "This password is one of the most common ones. Please choose another.",
      );
      await page.getByLabel("Password", { exact: true }).fill("Varenyky77!");
      await page.getByLabel("Confirm password").fill("Varenyky77!");
      await page.getByLabel("Confirm password").press("Enter");
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText("Your password is changed and you are signed in.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
    });

    await test.step("the link works once", async () => {
      await page.goto(link);
      await page.getByLabel("Password", { exact: true }).fill("Varenyky78!");
      await page.getByLabel("Confirm password").fill("Varenyky78!");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.locator("form").getByRole("alert")).toContainText("This link is not valid or has expired.");
      await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
    });

    await test.step("the old password no longer signs in, the new one does", async () => {
      await page.context().clearCookies();
      await page.goto("/login");
      await signIn(page, email, password);
      await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password");
      await signIn(page, email, "Varenyky77!");
      await expect(page).toHaveURL(/\/home$/);
    });
  });

  test("in Ukrainian: the mail, the link and both pages speak Ukrainian", async ({ page, users }) => {
    const { email } = await users.create("user", { name: "Оксана Відновлення", locale: "ua" });
    await page.goto("/ua/login");
    await page.getByRole("link", { name: "Забули пароль?" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Забули пароль?");
    await page.getByLabel("Електронна пошта").fill(email);
    await page.getByRole("button", { name: "Надіслати посилання" }).click();
    await expect(page.getByRole("status")).toContainText("Якщо обліковий запис із цією поштою існує");

    const link = await linkFromOutbox(page, email, "reset-password");
    expect(link).toMatch(/^\/ua\/reset-password\?token=/);
    const outbox = await (await page.request.get("/dev/outbox")).text();
    expect(outbox).toContain("Новий пароль для Майстра");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Оберіть новий пароль");
    await page.getByLabel("Пароль", { exact: true }).fill("Varenyky77!");
    await page.getByLabel("Повторіть пароль").fill("Varenyky77!");
    await page.getByRole("button", { name: "Зберегти новий пароль" }).click();
    await expect(page).toHaveURL(/\/ua\/home$/);
    await expect(page.getByText("Пароль змінено, і ви ввійшли.")).toBeVisible();
  });

  test("without a token the reset page says what to do", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("This page needs the link from the e-mail.");
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe("sessions and the account", () => {
  test("sign out everywhere ends the session in another browser too", async ({ page, users }) => {
    const account = await users.create("user", { name: "Everywhere Tester", page });
    const { page: otherPage } = await users.signIn(account);
    await otherPage.goto("/profile");
    await expect(otherPage.getByRole("heading", { name: "Your profile" })).toBeVisible();

    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("You are signed out on every device.")).toBeVisible();

    await otherPage.goto("/profile");
    await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fprofile&reason=signedIn$/);
  });

  test("delete my account: a wrong password keeps it, the right one deletes it and signs out (in Ukrainian)", async ({
    page,
    users,
  }) => {
    const { email, password } = await users.create("user", { name: "Видалення Тест", locale: "ua", page });
    await page.goto("/ua/profile");
    await page.getByRole("button", { name: "Видалити обліковий запис" }).click();
    const dialog = page.getByRole("dialog", { name: "Видалити обліковий запис" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Поточний пароль").fill("Wrong999!");
    await dialog.getByRole("button", { name: "Видалити мій обліковий запис" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Поточний пароль неправильний.");
    await dialog.getByLabel("Поточний пароль").fill(password);
    await dialog.getByRole("button", { name: "Видалити мій обліковий запис" }).click();
    await expect(page).toHaveURL(/\/ua\/login$/);
    await expect(page.getByText("Ваш обліковий запис видалено.")).toBeVisible();

    await page.getByLabel("Електронна пошта").fill(email);
    await page.getByLabel("Пароль").fill(password);
    await page.getByRole("button", { name: "Увійти" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Неправильна електронна адреса або пароль");
  });

  test("the export downloads the account's data as JSON", async ({ page, users }) => {
    const { email } = await users.create("user", { name: "Export Tester", page });
    await page.goto("/profile");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("maister-account.json");
    const data = JSON.parse(
      await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")),
    );
    expect(data.profile).toMatchObject({ email, name: "Export Tester" });
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokenHash/);
  });
});
