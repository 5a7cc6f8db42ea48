import { enterTotpCode, freshTotpCode, signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

/** Two-step verification as a person uses it: set up from the profile, sign in with it, turn it off. */
test.describe("two-step verification", () => {
  test("set up by keyboard, then sign in with a code and with a recovery code, then turn it off", async ({
    page,
    users,
  }) => {
    // A code is taken once per 30-second step: four sign-ins with codes may wait for fresh ones.
    test.setTimeout(150_000);
    const { email, password } = await users.create("user", { name: "Two Step", page });
    let secret = "";
    let recoveryCodes: string[] = [];
    const section = page.locator("section#two-step");

    await test.step("set up from the profile: QR code, key, a code, the recovery codes shown once", async () => {
      await page.goto("/profile");
      await section.getByRole("button", { name: "Set up two-step verification" }).focus();
      await page.keyboard.press("Enter");
      // The password first: a session alone cannot tie the account to someone else's phone.
      const current = section.getByLabel("Current password");
      await expect(current).toBeFocused();
      await current.fill("Wrong-Guess-1!");
      await current.press("Enter");
      await expect(section.getByText("The current password is not right.")).toBeVisible();
      await current.fill(password);
      await current.press("Enter");
      await expect(
        section.getByRole("img", { name: "QR code that adds Maister to an authenticator app" }),
      ).toBeVisible();
      secret = ((await section.locator("code").textContent()) ?? "").replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const code = section.getByLabel("Code from the app");
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await expect(code).toHaveAttribute("inputmode", "numeric");
      await code.fill("000000");
      await code.press("Enter");
      await expect(section.getByRole("alert")).toContainText("That code is not right.");
      await code.fill(await freshTotpCode(secret));
      await code.press("Enter");
      await expect(section.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
      recoveryCodes = await section
        .getByRole("list", { name: "Your recovery codes" })
        .getByRole("listitem")
        .allTextContents();
      expect(recoveryCodes).toHaveLength(10);
      const download = page.waitForEvent("download");
      await section.getByRole("button", { name: "Download the codes" }).click();
      expect((await download).suggestedFilename()).toBe("maister-recovery-codes.txt");
      await section.getByRole("button", { name: "Done, I have saved them" }).click();
      await expect(section.getByText("Two-step verification is on")).toBeVisible();
      await expect(section.getByText("10 recovery codes left")).toBeVisible();
    });

    await test.step("sign out, sign in: the password, then a code from the app", async () => {
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, email, password);
      await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
      await expect(page.getByLabel("Code from the app")).toBeFocused();
      await page.getByLabel("Code from the app").fill("123456");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.locator("form").getByRole("alert")).toContainText("That code is not right.");
      await enterTotpCode(page, secret);
      await expect(page).toHaveURL(/\/home$/);
    });

    await test.step("sign out, sign in with a recovery code; it works only once", async () => {
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, email, password);
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
      await page.getByLabel("Recovery code").press("Enter");
      await expect(page).toHaveURL(/\/home$/);
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, email, password);
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.locator("form").getByRole("alert")).toHaveText(
        "That recovery code is not right or was already used.",
      );
      await page.getByRole("button", { name: "Use a code from the app instead" }).click();
      await enterTotpCode(page, secret);
      await expect(page).toHaveURL(/\/home$/);
    });

    await test.step("turn it off with the password and a code; then the password alone signs in", async () => {
      await page.goto("/profile");
      await expect(section.getByText("9 recovery codes left")).toBeVisible();
      await section.getByRole("button", { name: "Turn off two-step verification" }).click();
      await section.getByLabel("Current password").fill(password);
      await section.getByLabel("Code from the app").fill(await freshTotpCode(secret));
      await section.getByRole("button", { name: "Turn off", exact: true }).click();
      await expect(section.getByRole("button", { name: "Set up two-step verification" })).toBeVisible();
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, email, password);
      await expect(page).toHaveURL(/\/home$/);
    });
  });

  test("an admin without it is sent from every admin page to the profile to turn it on; the demo admin signs in with a code", async ({
    page,
    users,
  }) => {
    test.setTimeout(90_000);
    const admin = await users.create("admin", { page });
    // Turned off through the API (an admin may), to see what an admin without it meets.
    expect(
      (
        await page.request.delete("/api/users/profile/totp", {
          data: { currentPassword: admin.password, code: await freshTotpCode(admin.totpSecret!) },
        })
      ).status(),
    ).toBe(200);
    for (const path of ["/admin/users", "/admin/services", "/admin/reviews", "/admin/inbox", "/admin/stos", "/admin"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/profile\?reason=mfaEnrol$/);
    }
    await expect(
      page.getByRole("status").filter({ hasText: "Administrators need two-step verification" }),
    ).toBeVisible();
    expect((await page.request.get("/api/users")).status()).toBe(403);

    await page.goto("/ua/admin/users");
    await expect(page).toHaveURL(/\/ua\/profile\?reason=mfaEnrol$/);
    await expect(page.getByText("Адміністраторам потрібна двоетапна перевірка")).toBeVisible();
  });
});
