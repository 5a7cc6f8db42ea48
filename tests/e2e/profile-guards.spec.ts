import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { DEMO } from "./users";

test.describe("guards", () => {
  test("visitors are sent to sign in and come back to the page they wanted", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile&reason=signedIn$/);
    await signIn(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  });

  test("every guarded page refuses visitors, in both languages", async ({ page }) => {
    for (const path of [
      "/addservice",
      "/placeorder",
      "/mechanicregister",
      "/mechanic-profile",
      "/mystos",
      "/admin/users",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}&reason=signedIn$`));
    }
    await page.goto("/ua/profile");
    await expect(page).toHaveURL(/\/ua\/login\?redirect=%2Fprofile&reason=signedIn$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вхід");
  });

  test("a forged or stale session cookie does not pass the page guard", async ({ page, context }) => {
    await context.addCookies([
      { name: "__Host-maister.session", value: "forged", domain: "localhost", path: "/", secure: true },
    ]);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile&reason=signedIn$/);
  });
});

test.describe("profile", () => {
  test("updates the name, refuses mismatched passwords, and a new password works for the next sign-in", async ({
    page,
    users,
  }) => {
    const { email, password } = await users.create("user", { name: "Profile Tester", page });
    await test.step("rename", async () => {
      await page.goto("/profile");
      await expect(page.getByLabel("Name")).toHaveValue("Profile Tester");
      await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);

      await page.getByLabel("Name").fill("Петро Профіль");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Profile updated successfully")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Name")).toHaveValue("Петро Профіль");
    });

    await test.step("a new password: mismatched, then without and with a wrong current password, then right", async () => {
      await page.getByLabel("New password", { exact: true }).fill("Better123!");
      await page.getByLabel("Confirm new password").fill("Better124!");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Passwords do not match")).toBeVisible();

      await page.getByLabel("Confirm new password").fill("Better123!");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.locator("#currentPassword-error")).toHaveText(
        "Enter your current password to confirm this change.",
      );
      await page.locator("#field-currentPassword").fill("Wrong999!");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.locator("#currentPassword-error")).toHaveText("The current password is not right.");
      await page.getByLabel("New password", { exact: true }).fill("Better123!");
      await page.getByLabel("Confirm new password").fill("Better123!");
      await page.locator("#field-currentPassword").fill(password);
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Profile updated successfully")).toBeVisible();
    });

    await test.step("this session goes on with the new password; the old one no longer signs in", async () => {
      await page.reload();
      await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, email, password);
      await expect(page.locator("form").getByRole("alert")).toHaveText("Invalid email or password");
      await signIn(page, email, "Better123!");
      await expect(page).toHaveURL(/\/home$/);
    });
  });

  test("is in Ukrainian under /ua", async ({ page, users }) => {
    await users.create("user", { page });
    await page.goto("/ua/profile");
    await expect(page.getByRole("heading", { name: "Ваш профіль" })).toBeVisible();
    await page.getByLabel("Ім’я").fill("x");
    await page.getByRole("button", { name: "Оновити" }).click();
    await expect(page.locator("#name-error")).toBeVisible();
  });
});

test.describe("reviews", () => {
  test("visitors get the sign-in prompt; a user writes a review and sees the count change", async ({ page, users }) => {
    await page.goto("/services");
    const first = page.locator("main article h2 a, main article h3 a").first();
    const href = await first.getAttribute("href");
    await page.goto(href!);
    await expect(page.getByText("Please sign in to write a review")).toBeVisible();

    await users.create("user", { name: "Review Writer", page });
    await page.reload();
    const count = page
      .locator("main article")
      .first()
      .getByText(/\d+ reviews?|no reviews/)
      .first();
    const before = Number(/\d+/.exec((await count.textContent()) ?? "")?.[0] ?? 0);

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator("#review-quality-error")).toBeVisible();
    await page
      .getByRole("radiogroup", { name: "Quality", exact: true })
      .getByRole("radio", { name: "Excellent, 5 stars" })
      .check();
    await page
      .getByRole("radiogroup", { name: "Speed", exact: true })
      .getByRole("radio", { name: "Very good, 4 stars" })
      .check();
    await page
      .getByRole("radiogroup", { name: "Price", exact: true })
      .getByRole("radio", { name: "Good, 3 stars" })
      .check();
    const comment = `Quick and honest <b>${Date.now()}</b>`;
    await page.getByLabel("Comment").fill(comment);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Review submitted")).toBeVisible();
    await expect(page.getByText(comment)).toBeVisible();
    await expect(count).toHaveText(new RegExp(`${before + 1} review`));
    // The form resets by folding into "Edit your review" (reviews-trust.spec.ts checks it opens filled).
    await expect(page.getByRole("button", { name: "Edit your review" })).toBeVisible();
    await expect(page.getByLabel("Comment")).toHaveCount(0);
  });

  test("when the form's code cannot be fetched any more, sending says so instead of doing nothing", async ({
    page,
    users,
  }) => {
    await page.goto("/services");
    const href = await page.locator("main article h2 a, main article h3 a").first().getAttribute("href");
    await users.create("user", { name: "Offline Writer", page });
    await page.goto(href!);
    const excellent = page
      .getByRole("radiogroup", { name: "Quality", exact: true })
      .getByRole("radio", { name: "Excellent, 5 stars" });
    // The connection drops once the page has hydrated (on a busy machine hydration can lag the load
    // event, and a chunk it needs, cut off, left the form re-rendering): the validation loads with
    // the form's first use.
    await hydrated(excellent);
    await page.route("**/_next/static/chunks/**", (route) => route.abort("internetdisconnected"));
    await excellent.check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "No connection. Please check the network and try again." }),
    ).toBeVisible();
  });
});

test.describe("feedback", () => {
  test("visitors are told to sign in before typing, and come back to the form; a signed-in user gets the thank-you", async ({
    page,
    users,
  }) => {
    await page.goto("/home");
    const form = page.locator("section", { has: page.getByRole("heading", { name: "Tell us what you think" }) });
    await expect(form.getByText("Please sign in to send feedback.")).toBeVisible();
    await expect(form.getByRole("textbox")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Send" })).toHaveCount(0);
    await expect(form.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
    await form.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome%23home-feedback$/);
    const { email, password } = await users.create("user");
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/home#home-feedback$/);
    await expect(form.getByLabel("Title")).toBeInViewport();

    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByText("Please enter a title (at most 200 characters).")).toBeVisible();
    await form.getByLabel("Title").fill("Idea");
    await form.getByLabel("Message").fill("A dark theme, please.");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByRole("status")).toHaveText("Thank you for your feedback!");
  });
});
