import { expect, test } from "./fixtures";

test("an owner adds Viber, Telegram, payment methods and prices; visitors see, filter and sort by them in both languages", async ({
  browser,
  users,
}) => {
  const { page: owner, serviceId: id } = await users.create("owner", { name: "Price Owner" });
  await owner.goto("/mystos");
  const name = (await owner.locator("ul li a[href*='/service/']").first().textContent())!.trim();
  const visitor = await (await browser.newContext({ locale: "uk" })).newPage();

  await test.step("contacts through the station form, with a translated error first", async () => {
    await owner.goto(`/mystos/${id}/edit`);
    await owner.getByRole("button", { name: "Edit", exact: true }).click();
    await owner.getByLabel("Telegram account").fill("@abc");
    await owner.getByRole("button", { name: "Update" }).click();
    await expect(
      owner
        .getByText("Enter a Telegram username (5–32 letters, digits or _, e.g. @maister_sto) or a t.me link.")
        .first(),
    ).toBeVisible();
    await owner.getByLabel("Telegram account").fill("https://t.me/demo_sto_kyiv");
    await owner.getByLabel("Viber number").fill("067 765 4321");
    await owner.getByRole("checkbox", { name: "Card", exact: true }).check();
    // "Cash only during outages" without cash contradicts itself: refused at the box, nothing saved.
    const outage = owner.getByRole("checkbox", { name: "Cash only during power outages" });
    await outage.check();
    await owner.getByRole("button", { name: "Update" }).click();
    await expect(outage).toHaveAccessibleDescription(
      "“Cash only during power outages” needs Cash ticked among the ways to pay.",
    );
    await owner.getByRole("checkbox", { name: "Cash", exact: true }).check();
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
    await expect(visitor.getByRole("link", { name: `Написати ${name} у Viber` })).toHaveAttribute(
      "href",
      "viber://chat?number=%2B380677654321",
    );
    await expect(visitor.getByRole("link", { name: `Написати ${name} у Telegram` })).toHaveAttribute(
      "href",
      "https://t.me/demo_sto_kyiv",
    );
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
    // The sort control says what the order is: cheapest first until a sort is chosen.
    await expect(visitor.getByLabel("Sort by").locator("option:checked")).toHaveText("Cheapest first");
    const card = visitor.getByRole("article").filter({ hasText: name });
    await expect(card.getByText("from ₴700")).toBeVisible();
    await expect(card.getByRole("link", { name: `Write to ${name} on Viber` })).toBeVisible();
    await visitor.getByRole("button", { name: "With prices" }).click();
    await expect(visitor).toHaveURL(/prices=true/);
  });

  await test.step("removing lines saves the shorter list", async () => {
    await owner.goto(`/mystos/${id}/edit`);
    const editor = owner.getByRole("region", { name: "Prices for standard jobs" });
    await editor.getByRole("button", { name: "Remove Wheel alignment" }).click();
    await editor.getByRole("button", { name: "Remove Мийка двигуна" }).click();
    await editor.getByRole("button", { name: "Save prices" }).click();
    await expect(owner.getByText("Prices saved")).toBeVisible();
    await visitor.goto(`/ua/service/${id}`);
    await expect(visitor.getByRole("region", { name: "Ціни" })).toHaveCount(0);
  });

  await visitor.context().close();
});
