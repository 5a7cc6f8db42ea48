import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";

import { STATION_INPUT } from "../helpers/service-input";
import { expect, test } from "./fixtures";

/**
 * Paying for a station by card through monobank, on a phone: the choice on /placeorder (PayPal
 * first and chosen in English, the card in Ukrainian; the last choice kept), monobank's payment page (the local stand-in the e2e server starts,
 * tests/helpers/fake-monobank.ts), the way back to /placeorder/result, and the admin's list.
 * PayPal's own path is tested in listings.spec.ts and does not change.
 */
const PHONE = { width: 390, height: 844 };

/** A signed-in owner with a prepared, unpaid station, on /placeorder in `prefix`'s language. */
async function preparedOrder(page: Page, name: string, prefix: "" | "/ua") {
  await page.setViewportSize(PHONE);
  const response = await page.context().request.post("/api/items/users/sto-order", {
    data: { ...STATION_INPUT, name },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { _id: id } = (await response.json()) as { _id: string };
  await page.goto(`${prefix}/placeorder`);
  await expect(page.getByText(name)).toBeVisible();
  return id;
}

/** axe-core's findings on the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  // axe reads a colour through its element's opacity: a toast still fading in (sonner's entry
  // transition) reads as too little contrast. Finite animations end first; an endless one (a
  // skeleton's pulse) would not.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} ${node.target.join(" ")}: ${violation.help}`),
  );
}

/** Whether the station is in the public directory: asked without a session. */
async function published(request: APIRequestContext, id: string): Promise<boolean> {
  return (await request.get(`/api/items/${id}`)).status() === 200;
}

test.describe("card payments through monobank", () => {
  test("an owner pays by card in English at 390 px: chosen by keyboard, paid on monobank's page, published; the admin list shows it in UAH", async ({
    page,
    users,
    request,
  }) => {
    await users.create("user", { name: "Card Payer", page });
    const name = `Card Garage ${Date.now()}`;
    const id = await preparedOrder(page, name, "");

    await test.step("the summary stays in USD with the card's hryvnias under it; PayPal is chosen first", async () => {
      await expect(page.getByText("$3.00", { exact: true }).last()).toBeVisible();
      await expect(page.getByText("Total by card (monobank)", { exact: true })).toBeVisible();
      await expect(page.getByText("₴125.00", { exact: true })).toBeVisible();
      // A draft nobody has reviewed is previewed as new, not with a made-up "5.0 (100 reviews)".
      const preview = page.getByRole("article", { name: "Your listing" });
      await expect(preview.getByText("New", { exact: true })).toBeVisible();
      await expect(preview).not.toContainText("100 reviews");
      const methods = page.getByRole("group", { name: "Payment method" });
      await expect(methods.getByRole("radio", { name: /PayPal/ })).toBeChecked();
      await expect(methods.getByRole("radio", { name: /Card via monobank/ })).not.toBeChecked();
      // PayPal's side is as it was: the test payment is there, the card button is not.
      await expect(page.getByRole("button", { name: "Pay $3.00 in test mode" })).toBeVisible();
      await expect(page.getByRole("button", { name: /by card/ })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    await test.step("the arrow key moves the choice to the card; its button opens monobank's page", async () => {
      await page.getByRole("radio", { name: /PayPal/ }).focus();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("radio", { name: /Card via monobank/ })).toBeChecked();
      await expect(page.getByRole("button", { name: "Pay $3.00 in test mode" })).toHaveCount(0);
      await page.getByRole("button", { name: "Pay ₴125.00 by card" }).click();
      await expect(page).toHaveURL(/\/pay\/2611[0-9A-Za-z]{16}$/);
      await expect(page.getByText("125.00 UAH").first()).toBeVisible();
    });

    await test.step("paid: back on the result page with the success state, the toast and the station live", async () => {
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/placeorder\/result\?payment=[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();
      await expect(page.locator("[data-sonner-toast]").first()).toContainText("Payment successful");
      await expect(page.getByText("₴125.00")).toBeVisible();
      // With the toast on screen: its text is read against its own background too.
      expect(await axeViolations(page)).toEqual([]);
      expect(await published(request, id)).toBe(true);
      await page.getByRole("link", { name: "Open your station" }).click();
      await expect(page).toHaveURL(new RegExp(`/service/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    });

    await test.step("the admin's payments list shows it: monobank, UAH 125.00, paid", async () => {
      const admin = await users.create("admin", { name: "Payments Admin" });
      await admin.page.setViewportSize(PHONE);
      await admin.page.goto("/admin/payments?provider=monobank");
      await expect(admin.page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
      const row = admin.page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("monobank");
      await expect(row).toContainText("UAH 125.00");
      await expect(row).toContainText("Paid");
      await expect(row.getByRole("link", { name: /e2e\./ })).toBeVisible();
    });
  });

  test("a Ukrainian owner pays by card: the choice, monobank's page and the result in Ukrainian", async ({
    page,
    users,
    request,
  }) => {
    await users.create("user", { name: "Платник Карткою", locale: "ua", page });
    const name = `СТО Картка ${Date.now()}`;
    const id = await preparedOrder(page, name, "/ua");
    await expect(page.getByText("Разом карткою (monobank)", { exact: true })).toBeVisible();
    await expect(page.getByText(/^125,00\s₴$/)).toBeVisible();
    // Hryvnias by card are a Ukrainian owner's natural first choice: listed first and chosen, PayPal still there.
    const methods = page.getByRole("group", { name: "Спосіб оплати" }).getByRole("radio");
    await expect(methods).toHaveCount(2);
    await expect(methods.first()).toHaveAccessibleName(/Картка через monobank/);
    await expect(methods.first()).toBeChecked();
    await expect(methods.last()).toHaveAccessibleName(/PayPal/);
    await expect(methods.last()).not.toBeChecked();
    await expect(page.getByRole("button", { name: /у тестовому режимі/ })).toHaveCount(0);
    await page.getByRole("button", { name: /^Сплатити 125,00\s₴ карткою$/ }).click();
    await expect(page).toHaveURL(/\/pay\/2611/);
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/ua\/placeorder\/result\?payment=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Оплата успішна" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").first()).toContainText("Оплата успішна");
    expect(await published(request, id)).toBe(true);
    await page.getByRole("link", { name: "Відкрити сторінку СТО" }).click();
    await expect(page).toHaveURL(new RegExp(`/ua/service/${id}$`));
  });

  test("the choice of a Ukrainian owner who picked PayPal is kept on the next visit, at 390 and 1440 px; English keeps PayPal first", async ({
    page,
    users,
  }) => {
    await users.create("user", { name: "Платник PayPal", locale: "ua", page });
    const name = `СТО PayPal ${Date.now()}`;
    await preparedOrder(page, name, "/ua");
    const methods = page.getByRole("group", { name: "Спосіб оплати" }).getByRole("radio");
    await expect(methods.first()).toBeChecked();
    await methods.last().check();
    await expect(page.getByRole("button", { name: /у тестовому режимі/ })).toBeVisible();
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByText(name)).toBeVisible();
      // Remembered, and the order stays the page's: the card first, PayPal second and chosen.
      await expect(methods.first()).toHaveAccessibleName(/Картка через monobank/);
      await expect(methods.first()).not.toBeChecked();
      await expect(methods.last()).toHaveAccessibleName(/PayPal/);
      await expect(methods.last()).toBeChecked();
      await expect(page.getByRole("button", { name: /у тестовому режимі/ })).toBeVisible();
    }
    // The same person in English: PayPal is first there, and it is their choice too.
    await page.goto("/placeorder?lng=en");
    const english = page.getByRole("group", { name: "Payment method" }).getByRole("radio");
    await expect(english.first()).toHaveAccessibleName(/PayPal/);
    await expect(english.first()).toBeChecked();
  });

  test("a declined card shows the failed state; Try again comes back to the order with the card still chosen", async ({
    page,
    users,
    request,
  }) => {
    await users.create("user", { name: "Declined Payer", page });
    const name = `Declined Garage ${Date.now()}`;
    const id = await preparedOrder(page, name, "");
    await page.getByRole("radio", { name: /Card via monobank/ }).check();
    await page.getByRole("button", { name: "Pay ₴125.00 by card" }).click();
    await expect(page).toHaveURL(/\/pay\/2611/);
    const invoicePage = page.url();
    // Back from monobank's page: the button works again and opens the same, still open invoice.
    await page.goBack();
    await expect(page.getByRole("button", { name: "Pay ₴125.00 by card" })).toBeEnabled();
    await page.getByRole("button", { name: "Pay ₴125.00 by card" }).click();
    await expect(page).toHaveURL(invoicePage);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(/\/placeorder\/result\?payment=/);
    await expect(page.getByRole("heading", { level: 1, name: "The payment did not go through" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await published(request, id)).toBe(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByRole("radio", { name: /Card via monobank/ })).toBeChecked();
    await expect(page.getByRole("button", { name: "Pay ₴125.00 by card" })).toBeEnabled();
  });

  test("a result address that is not the viewer's payment says so", async ({ page, users }) => {
    await users.create("user", { name: "Curious Visitor", page });
    await page.setViewportSize(PHONE);
    await page.goto("/placeorder/result?payment=not-a-payment");
    await expect(page.getByRole("heading", { level: 1, name: "We could not find this payment" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the order" })).toHaveAttribute("href", "/placeorder");
  });
});
