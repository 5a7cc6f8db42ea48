import type { Browser, Page } from "@playwright/test";
import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

async function session(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en" })).newPage();
  await page.goto("/login?lng=en");
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test("an owner adds Viber, Telegram, payment methods and prices; visitors see, filter and sort by them in both languages", async ({ browser }) => {
  const owner = await session(browser, "owner@maister.local", "Owner123!");
  await owner.goto("/mystos");
  // A demo station whose hours the form accepts (some demo stations work past midnight, which the form refuses).
  const links = await owner
    .locator("ul li a[href*='/service/']")
    .evaluateAll((anchors) => anchors.map((anchor) => ({ name: anchor.textContent!.trim(), id: anchor.getAttribute("href")!.split("/").at(-1)! })));
  type Day = { closed: boolean; opening: string; closing: string };
  const usable = [];
  for (const link of links) {
    const { timetable } = (await (await owner.request.get(`/api/items/${link.id}`)).json()) as { timetable: Record<string, Day> };
    if (Object.values(timetable).every((day) => day.closed || day.closing > day.opening)) usable.push(link);
  }
  const { name, id } = usable[0]!;
  const visitor = await (await browser.newContext({ locale: "uk" })).newPage();

  await test.step("contacts through the station form, with a translated error first", async () => {
    await owner.goto(`/mystos/${id}/edit`);
    await owner.getByRole("button", { name: "Edit", exact: true }).click();
    await owner.getByLabel("Telegram account").fill("@abc");
    await owner.getByRole("button", { name: "Update" }).click();
    await expect(owner.getByText("Enter a Telegram username (5–32 letters, digits or _, e.g. @maister_sto) or a t.me link.").first()).toBeVisible();
    await owner.getByLabel("Telegram account").fill("https://t.me/demo_sto_kyiv");
    await owner.getByLabel("Viber number").fill("067 765 4321");
    await owner.getByRole("checkbox", { name: "Cash", exact: true }).check();
    await owner.getByRole("checkbox", { name: "Card", exact: true }).check();
    await owner.getByRole("checkbox", { name: "Cash only during power outages" }).check();
    await owner.getByRole("button", { name: "Update" }).click();
    await expect(owner.getByText("Station updated", { exact: true })).toBeVisible();
  });

  await test.step("prices: a job from the catalogue and an own line", async () => {
    await owner.goto(`/mystos/${id}/edit`);
    const editor = owner.getByRole("region", { name: "Prices for standard jobs" });
    await editor.getByLabel("Job").selectOption({ label: "Wheel alignment" });
    await editor.getByRole("button", { name: "Add a job" }).click();
    await editor.getByLabel("From, UAH").last().fill("700");
    await editor.getByLabel("Job").selectOption({ label: "Your own line" });
    await editor.getByRole("button", { name: "Add a job" }).click();
    await editor.getByRole("button", { name: "Save prices" }).click();
    await expect(editor.getByRole("alert").first()).toHaveText(/Name your own line\.|Enter a whole number/);
    await editor.getByLabel("Line", { exact: true }).fill("Мийка двигуна");
    await editor.getByLabel("From, UAH").last().fill("350");
    await editor.getByRole("button", { name: "Save prices" }).click();
    await expect(owner.getByText("Prices saved")).toBeVisible();
  });

  await test.step("the visitor's page in Ukrainian: messenger buttons, payment, prices", async () => {
    await visitor.goto(`/ua/service/${id}`);
    await expect(visitor.getByRole("link", { name: `Написати ${name} у Viber` })).toHaveAttribute("href", "viber://chat?number=%2B380677654321");
    await expect(visitor.getByRole("link", { name: `Написати ${name} у Telegram` })).toHaveAttribute("href", "https://t.me/demo_sto_kyiv");
    await expect(visitor.getByText("Оплата: готівка і картка")).toBeVisible();
    await expect(visitor.getByText("Лише готівка під час відключень світла")).toBeVisible();
    const prices = visitor.getByRole("region", { name: "Ціни" });
    await expect(prices.getByRole("listitem").filter({ hasText: "Розвал-сходження" })).toContainText("від 700 ₴");
    await expect(prices.getByRole("listitem").filter({ hasText: "Мийка двигуна" })).toContainText("від 350 ₴");
    await expect(prices.getByText(/Ціни оновлено/)).toBeVisible();
  });

  await test.step("the list: cheapest first for a job, by keyboard; the card has Viber and the price", async () => {
    await visitor.goto("/services?lng=en");
    await visitor.getByLabel("Price of").focus();
    await visitor.getByLabel("Price of").selectOption({ label: "Wheel alignment" });
    await visitor.keyboard.press("Enter");
    await expect(visitor).toHaveURL(/job=wheel_alignment/);
    const card = visitor.getByRole("article").filter({ hasText: name });
    await expect(card.getByText("from ₴700")).toBeVisible();
    await expect(card.getByRole("link", { name: `Write to ${name} on Viber` })).toBeVisible();
    await visitor.getByRole("button", { name: "With prices" }).click();
    await expect(visitor).toHaveURL(/prices=true/);
  });

  await test.step("leave the demo station as it was", async () => {
    await owner.goto(`/mystos/${id}/edit`);
    const editor = owner.getByRole("region", { name: "Prices for standard jobs" });
    await editor.getByRole("button", { name: "Remove Wheel alignment" }).click();
    await editor.getByRole("button", { name: "Remove Мийка двигуна" }).click();
    await editor.getByRole("button", { name: "Save prices" }).click();
    await expect(owner.getByText("Prices saved")).toBeVisible();
  });

  await owner.context().close();
  await visitor.context().close();
});
