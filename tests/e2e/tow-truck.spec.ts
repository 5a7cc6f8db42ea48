import { expect, test } from "./fixtures";

/**
 * The tow truck is a job of the catalogue: an owner prices it with how far the truck comes, the
 * service page says so, «евакуатор» and "tow" find it, and a reviewer can say it was what was done,
 * at a phone's and a desktop's width, in both languages.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

const LANGUAGES = [
  {
    prefix: "",
    code: "en",
    prices: "Prices",
    job: "Tow truck",
    comes: "comes up to 40 km",
    from: /from ₴1,200/,
    keyword: "tow",
  },
  {
    prefix: "/ua",
    code: "uk",
    prices: "Ціни",
    job: "Евакуатор",
    comes: "виїжджає до 40 км",
    from: /від 1\s200\s₴/,
    keyword: "евакуатор",
  },
];

test("an owner prices a tow truck with how far it comes; visitors see it, find it and name it in a review", async ({
  browser,
  users,
}) => {
  test.setTimeout(180_000);
  // No tow word in the name: "tow" must find the station by its price line.
  const { page: owner, serviceId: id } = await users.create("owner", { name: "Roadside Owner" });
  await owner.goto("/mystos");
  const name = (await owner.locator("ul li a[href*='/service/']").first().textContent())!.trim();

  await test.step("the editor asks how far the tow truck comes, then saves it", async () => {
    await owner.goto(`/mystos/${id}/edit`);
    const editor = owner.getByRole("region", { name: "Prices for standard jobs" });
    await editor.getByLabel("Job").selectOption({ label: "Tow truck" });
    await editor.getByRole("button", { name: "Add a job" }).click();
    await editor.getByLabel("From, UAH").last().fill("1200");
    await editor.getByRole("button", { name: "Save prices" }).click();
    await expect(editor.getByRole("alert").first()).toHaveText(
      "Say how far the tow truck comes: a whole number of kilometres from 1 to 300.",
    );
    await editor.getByLabel("Comes up to, km").fill("40");
    await editor.getByRole("button", { name: "Save prices" }).click();
    await expect(owner.getByText("Prices saved")).toBeVisible();
  });

  for (const size of SIZES)
    for (const lang of LANGUAGES)
      await test.step(`${lang.code} at ${size.width} px: the page says how far, the keyword finds it`, async () => {
        const context = await browser.newContext({ viewport: size });
        const visitor = await context.newPage();
        await visitor.goto(`${lang.prefix}/service/${id}`);
        const line = visitor
          .getByRole("region", { name: lang.prices, exact: true })
          .getByRole("listitem")
          .filter({ hasText: lang.job });
        await expect(line).toContainText(lang.comes);
        await expect(line).toContainText(lang.from);
        await line.scrollIntoViewIfNeeded();
        await expect(line).toBeInViewport();
        await visitor.screenshot({ path: `/work/coord/shots/S-tow-truck-${lang.code}-${size.width}.png` });

        await visitor.goto(`${lang.prefix}/services?keyword=${encodeURIComponent(lang.keyword)}&job=tow_truck`);
        await expect(visitor.locator("main article.card").filter({ hasText: name })).toBeVisible();
        await context.close();
      });

  await test.step("a reviewer can say a tow truck was what was done", async () => {
    const { page: reviewer } = await users.create("user");
    await reviewer.goto(`/service/${id}`);
    // The form's select of what was done lists the catalogue, the tow truck with it.
    await expect(
      reviewer.getByLabel("What was done (optional)").locator("option", { hasText: "Tow truck" }),
    ).toHaveCount(1);
  });
});
