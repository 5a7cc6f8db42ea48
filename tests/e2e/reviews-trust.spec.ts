import type { Browser, Page } from "@playwright/test";
import { signIn, signUpAndConfirm } from "./accounts-helpers";
import { expect, test } from "./fixtures";

async function demoSession(browser: Browser, email: string, password: string, locale = "en"): Promise<Page> {
  const page = await (await browser.newContext({ locale })).newPage();
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test("verified review, owner reply, report and moderation, by mouse and keyboard, in both languages", async ({ page, browser }) => {
  // The owner issues a visit code from /mystos and passes the link on.
  const owner = await demoSession(browser, "owner@maister.local", "Owner123!");
  await owner.goto("/mystos");
  await owner.getByRole("button", { name: "Issue a visit code" }).first().click();
  const code = (await owner.getByTestId("visit-code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  const link = new URL(await owner.getByLabel("Link to the review form").inputValue());
  const servicePath = link.pathname;

  // A customer opens the link: the code is filled in, the review is marked as a verified visit.
  await signUpAndConfirm(page, "Verified Driver");
  await page.goto(link.pathname + link.search);
  await expect(page.getByLabel("Visit code (optional)")).toHaveValue(code);
  await page.getByLabel("Quality").selectOption("5");
  await page.getByLabel("Speed").selectOption("4");
  await page.getByLabel("Price", { exact: true }).selectOption("4");
  await page.getByLabel("Comment").fill("Fixed the brakes the same day.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Review submitted")).toBeVisible();
  const mine = page.locator("li").filter({ hasText: "Fixed the brakes the same day." });
  await expect(mine.getByText("Verified visit")).toBeVisible();
  // The form resets after sending (spec); Edit on the review fills it again.
  await expect(page.getByLabel("Comment")).toHaveValue("");
  await mine.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Comment")).toHaveValue("Fixed the brakes the same day.");
  await expect(page.getByLabel("Quality")).toHaveValue("5");
  await expect(page.getByLabel("Quality")).toBeFocused();
  await page.getByLabel("Verified visits only").check();
  await expect(mine).toBeVisible();

  // The owner replies from the service page, with the keyboard.
  await owner.goto(servicePath);
  const ownerView = owner.locator("li").filter({ hasText: "Fixed the brakes the same day." });
  await ownerView.getByRole("button", { name: "Reply" }).focus();
  await owner.keyboard.press("Enter");
  await owner.getByLabel("Your reply").fill("Thank you, drive safely!");
  await owner.getByRole("button", { name: "Save reply" }).click();
  await expect(owner.getByText("Reply saved")).toBeVisible();
  await expect(ownerView.getByText("Reply from the owner")).toBeVisible();
  await expect(ownerView.getByText("Thank you, drive safely!")).toBeVisible();

  // Another driver reports the review.
  const reporter = await (await browser.newContext()).newPage();
  await signUpAndConfirm(reporter, "Careful Reader");
  await reporter.goto(servicePath);
  const reported = reporter.locator("li").filter({ hasText: "Fixed the brakes the same day." });
  await reported.getByRole("button", { name: "Report" }).click();
  await reporter.getByRole("radio", { name: "Offensive" }).check();
  await reporter.getByRole("dialog").getByLabel("Details").fill("Rude words");
  await reporter.getByRole("button", { name: "Send report" }).click();
  await expect(reporter.getByText("Thank you: a moderator will check this review.")).toBeVisible();
  await expect(reported.getByText("Reported")).toBeVisible();

  // The admin hides it from the queue, in Ukrainian; visitors read the reason instead of the text.
  const admin = await demoSession(browser, "admin@maister.local", "Admin123!");
  await admin.goto("/ua/admin/reviews");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Скарги на відгуки");
  const item = admin.locator("li").filter({ hasText: "Rude words" }).first();
  await expect(item.getByText("1 скарга")).toBeVisible();
  await item.getByLabel("Причина приховування").selectOption("offensive");
  await item.getByRole("button", { name: "Приховати" }).click();
  await expect(admin.getByText("Відгук приховано")).toBeVisible();
  await expect(admin.getByText("Немає скарг для перевірки.")).toBeVisible();

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
