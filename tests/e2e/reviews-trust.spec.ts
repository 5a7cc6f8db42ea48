import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/** One star of a rating of the review form: a radio named by its score, in the group named by the aspect. */
const star = (page: Page, aspect: string, name: string) =>
  page.getByRole("radiogroup", { name: aspect, exact: true }).getByRole("radio", { name, exact: true });

test("verified review, owner reply, report and moderation, by mouse and keyboard, in both languages", async ({
  page,
  browser,
  users,
}) => {
  const owner = (await users.create("owner", { name: "Trusted Owner" })).page;
  const { code, servicePath, link } =
    await test.step("the owner issues a visit code from /mystos and passes the link on", async () => {
      await owner.goto("/mystos");
      await owner.getByRole("button", { name: "Issue a visit code" }).first().click();
      const issued = (await owner.getByTestId("visit-code").textContent())!.trim();
      expect(issued).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      const url = new URL(await owner.getByLabel("Link to the review form").inputValue());
      return { code: issued, servicePath: url.pathname, link: url.pathname + url.search };
    });

  await test.step("a customer opens the link: the code is filled in, the review is marked as a verified visit", async () => {
    await users.create("user", { name: "Verified Driver", page });
    await page.goto(link);
    await expect(page.getByLabel("Visit code (optional)")).toHaveValue(code);
    await star(page, "Quality", "Excellent, 5 stars").check();
    await star(page, "Speed", "Very good, 4 stars").check();
    await star(page, "Price", "Very good, 4 stars").check();
    await page.getByLabel("Comment").fill("Fixed the brakes the same day.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Review submitted")).toBeVisible();
    const mine = page.locator("li").filter({ hasText: "Fixed the brakes the same day." });
    await expect(mine.getByText("Verified visit")).toBeVisible();
    // The form resets after sending (spec): it folds into "Edit your review" rather than sitting
    // empty under the review just posted, after a reload too; opened, it holds the posted review.
    const editOwn = page.getByRole("button", { name: "Edit your review" });
    await expect(editOwn).toBeVisible();
    await expect(page.getByLabel("Comment")).toHaveCount(0);
    await page.reload();
    await expect(editOwn).toBeVisible();
    await expect(page.getByLabel("Comment")).toHaveCount(0);
    await editOwn.click();
    await expect(page.getByLabel("Comment")).toHaveValue("Fixed the brakes the same day.");
    await expect(star(page, "Quality", "Excellent, 5 stars")).toBeChecked();
    await expect(star(page, "Speed", "Very good, 4 stars")).toBeChecked();
    // The chosen star takes the focus, so Space or an arrow starts from the review's own score.
    await expect(star(page, "Quality", "Excellent, 5 stars")).toBeFocused();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByLabel("Comment")).toHaveCount(0);
    await expect(editOwn).toBeFocused();
    // Edit on the review itself opens it too.
    await mine.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(page.getByLabel("Comment")).toHaveValue("Fixed the brakes the same day.");
    await expect(star(page, "Quality", "Excellent, 5 stars")).toBeChecked();
    await expect(star(page, "Quality", "Excellent, 5 stars")).toBeFocused();
    await page.getByLabel("Verified visits only").check();
    await expect(mine).toBeVisible();
  });

  await test.step("the owner replies from the service page, with the keyboard", async () => {
    await owner.goto(servicePath);
    const ownerView = owner.locator("li").filter({ hasText: "Fixed the brakes the same day." });
    // Each review's buttons name the review they act on.
    await ownerView.getByRole("button", { name: "Reply to Verified Driver’s review" }).focus();
    await owner.keyboard.press("Enter");
    await owner.getByLabel("Your reply").fill("Thank you, drive safely!");
    await owner.getByRole("button", { name: "Save reply" }).click();
    await expect(owner.getByText("Reply saved")).toBeVisible();
    await expect(ownerView.getByText("Reply from the owner")).toBeVisible();
    await expect(ownerView.getByText("Thank you, drive safely!")).toBeVisible();
  });

  await test.step("another driver reports the review", async () => {
    const reporter = (await users.create("user", { name: "Careful Reader" })).page;
    await reporter.goto(servicePath);
    const reported = reporter.locator("li").filter({ hasText: "Fixed the brakes the same day." });
    await reporter.goto(`/ua${servicePath}`);
    await expect(reported.getByRole("button", { name: "Поскаржитися на відгук: Verified Driver" })).toBeVisible();
    await reporter.goto(`${servicePath}?lng=en`);
    await reported.getByRole("button", { name: "Report Verified Driver’s review" }).click();
    await reporter.getByRole("radio", { name: "Offensive" }).check();
    await reporter.getByRole("dialog").getByLabel("Details").fill("Rude words");
    await reporter.getByRole("button", { name: "Send report" }).click();
    await expect(reporter.getByText("Thank you: a moderator will check this review.")).toBeVisible();
    await expect(reported.getByText("Reported")).toBeVisible();
  });

  await test.step("an admin hides it from the queue, in Ukrainian", async () => {
    const admin = (await users.create("admin", { name: "Queue Admin" })).page;
    await admin.goto("/ua/admin/reviews");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Відгуки");
    const item = admin.locator("li").filter({ hasText: "Rude words" }).first();
    await expect(item.getByText("1 скарга")).toBeVisible();
    await item.getByLabel("Причина приховування").selectOption("offensive");
    await item.getByRole("button", { name: "Приховати" }).click();
    await expect(admin.getByText("Відгук приховано")).toBeVisible();
    await expect(admin.getByText("Немає скарг для перевірки.")).toBeVisible();
  });

  await test.step("visitors read the reason instead of the text, in both languages", async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/ua${servicePath}`);
    await expect(visitor.getByText("Приховано модератором: образливий зміст.")).toBeVisible();
    await expect(visitor.getByText("Відповідь власника")).toBeVisible();
    await expect(visitor.getByText("Fixed the brakes the same day.")).toHaveCount(0);
    // Visiting /ua remembered the language; an English visitor comes in a context of their own.
    const english = await (await browser.newContext()).newPage();
    await english.goto(servicePath);
    await expect(english.getByText("Hidden by a moderator: offensive content.")).toBeVisible();
    await expect(english.getByText("Reply from the owner")).toBeVisible();
  });
});
