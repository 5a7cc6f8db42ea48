import { expect, test } from "./fixtures";

test.describe("fair ranking", () => {
  test("the sort menu links to the explanation of the score, in both languages", async ({ page, request }) => {
    await page.goto("/services");
    await page.getByRole("link", { name: "How we rank" }).click();
    await expect(page).toHaveURL(/\/ranking$/);
    await expect(page.getByRole("heading", { level: 1, name: "How we rank services" })).toBeVisible();
    await expect(page.getByText("score = (W × mean + n × average) / (W + n)")).toBeVisible();
    // The demo data's prior: one 5-star review scores well below five.
    await expect(page.getByText(/^5 from 1 review scores 3\.\d\d\.$/)).toBeVisible();

    await page.goto("/ua/services");
    await page.getByRole("link", { name: "Як ми впорядковуємо" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Як ми впорядковуємо сервіси" })).toBeVisible();

    const { items } = (await (await request.get("/api/items?sort=rating.desc")).json()) as {
      items: { rating: { score: number }; numReviews: number }[];
    };
    const scores = items.map((item) => item.rating.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
