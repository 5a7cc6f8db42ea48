import { expect, test } from "./fixtures";

test("an owner sets the live status in one tap; visitors see it on the page and the card in both languages", async ({
  browser,
  users,
}) => {
  const { page: owner, serviceId } = await users.create("owner", { name: "Live Status" });
  await owner.goto("/mystos");
  const station = owner.getByRole("listitem").filter({ has: owner.getByRole("group", { name: "Status right now" }) });
  const name = (await station.getByRole("link").first().textContent())!.trim();
  const servicePath = `/service/${serviceId}`;
  const panel = station.getByRole("group", { name: "Status right now" });
  const visitor = await (await browser.newContext({ locale: "uk" })).newPage();

  await test.step("one tap: on generator, shown to a Ukrainian visitor on the page and in the list", async () => {
    await panel.getByRole("button", { name: "On generator" }).click();
    await expect(panel.getByRole("status")).toContainText(/Now: On generator, until \d\d:\d\d/);
    await expect(panel.getByRole("button", { name: "On generator" })).toHaveAttribute("aria-pressed", "true");
    // The chosen one looks chosen: not like "Open", its unchosen neighbour of the same colour, and so after a reload too.
    const look = (name: string) =>
      panel.getByRole("button", { name, exact: true }).evaluate((chip) => {
        const style = getComputedStyle(chip);
        return `${style.backgroundColor} ${style.color}`;
      });
    await owner.mouse.move(0, 0);
    expect(await look("On generator")).not.toBe(await look("Open"));
    await owner.reload();
    await expect(panel.getByRole("button", { name: "On generator" })).toHaveAttribute("aria-pressed", "true");
    await expect(panel.getByRole("button", { name: "Open", exact: true })).toHaveAttribute("aria-pressed", "false");
    expect(await look("On generator")).not.toBe(await look("Open"));
    await visitor.goto(`/ua${servicePath}`);
    await expect(visitor.getByText("Відчинено, на генераторі")).toBeVisible();
    await expect(visitor.getByText(/оновлено/)).toBeVisible();
    await visitor.goto(`/ua/services?keyword=${encodeURIComponent(name)}`);
    await expect(
      visitor.getByRole("article").filter({ hasText: name }).getByText("Відчинено, на генераторі"),
    ).toBeVisible();
  });

  await test.step("closed for now asks why first; by keyboard", async () => {
    await panel.getByRole("button", { name: "Closed for now" }).focus();
    await owner.keyboard.press("Enter");
    await expect(panel.getByRole("alert")).toHaveText("Say why it is closed.");
    await expect(panel.getByLabel("Why is it closed?")).toBeFocused();
    await owner.keyboard.type("Power cut in the street");
    await panel.getByRole("button", { name: "Closed for now" }).focus();
    await owner.keyboard.press("Space");
    await expect(panel.getByRole("status")).toContainText("Now: Closed for now");
    await visitor.goto(`/ua${servicePath}`);
    await expect(visitor.getByText("Тимчасово зачинено")).toBeVisible();
    await expect(visitor.getByText("Power cut in the street")).toBeVisible();
    const english = await (await browser.newContext({ locale: "en" })).newPage();
    await english.goto(servicePath);
    await expect(english.getByText("Closed for now")).toBeVisible();
    await english.context().close();
  });

  await test.step("back to opening hours", async () => {
    await panel.getByRole("button", { name: "Back to opening hours" }).click();
    await expect(panel.getByRole("status")).toHaveText("No status set: your opening hours speak.");
    await visitor.goto(`/ua${servicePath}`);
    await expect(visitor.getByText("Тимчасово зачинено")).toHaveCount(0);
  });

  await test.step("a public holiday in one click, shown under the hours", async () => {
    await owner.goto(`/mystos/${serviceId}/edit`);
    const editor = owner.getByRole("region", { name: "Holidays and special hours" });
    await editor.getByText("Public holidays", { exact: true }).click();
    const first = editor.getByRole("button", { name: /^Close on / }).first();
    const label = (await first.textContent())!;
    await first.click();
    await expect(editor.getByRole("button", { name: label })).toHaveCount(0);
    await editor.getByRole("button", { name: "Save dates" }).click();
    await expect(owner.getByText("Special dates saved")).toBeVisible();
    await visitor.goto(`/ua${servicePath}`);
    await expect(visitor.getByRole("heading", { name: "Особливі дати" })).toBeVisible();
    // Removing the date is saved as an empty list.
    await editor
      .getByRole("button", { name: /^Remove / })
      .first()
      .click();
    await editor.getByRole("button", { name: "Save dates" }).click();
    await expect(editor.getByText("No special dates. Your weekly hours apply every day.")).toBeVisible();
  });

  await test.step("a visitor says the hours are wrong in one tap; the owner sees it and confirms the hours", async () => {
    await visitor.goto(`/ua${servicePath}`);
    await expect(visitor.getByText(/Розклад підтверджено/)).toBeVisible();
    await visitor.getByRole("button", { name: "Розклад неправильний" }).click();
    await expect(
      visitor.getByRole("status").filter({ hasText: "Дякуємо. Власник і наші модератори перевірять" }),
    ).toBeVisible();
    await owner.goto("/mystos");
    await expect(station.getByText("1 driver says the hours are wrong.")).toBeVisible();
    await station.getByRole("button", { name: "Confirm hours" }).click();
    await expect(owner.getByText("Hours confirmed. Thank you!")).toBeVisible();
    await expect(station.getByText("1 driver says the hours are wrong.")).toHaveCount(0);
    await expect(station.getByText("Hours confirmed now")).toBeVisible();
  });

  await visitor.context().close();
});

test("a master sets a status from the profile page, in Ukrainian", async ({ users }) => {
  const { page: master } = await users.create("mechanic", { name: "Live Master", locale: "ua" });
  await master.goto("/ua/mechanic-profile");
  const panel = master.getByRole("group", { name: "Стан зараз" });
  await panel.getByLabel("Показувати").selectOption("3");
  await panel.getByRole("button", { name: "Немає світла" }).click();
  await expect(panel.getByRole("status")).toContainText("Зараз: Немає світла");
  await panel.getByRole("button", { name: "Повернутися до розкладу" }).click();
  await expect(panel.getByRole("status")).toHaveText("Стан не встановлено: діє ваш розклад.");
});
