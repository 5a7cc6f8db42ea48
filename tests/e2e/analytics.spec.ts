import { expect, test } from "./fixtures";

test("a visit and a call are counted for the owner, without cookies, and shown on /mystos in both languages", async ({
  browser,
  users,
}) => {
  const { page: owner, serviceId } = await users.create("owner", { name: "Counted Owner" });
  await owner.goto("/mystos");
  const servicePath = `/service/${serviceId}`;
  const station = owner.getByRole("listitem").filter({ has: owner.locator(`a[href='${servicePath}']`) });
  const before = await counts(station);
  expect(before).toEqual({ views: 0, calls: 0 });

  const visitorContext = await browser.newContext({ locale: "uk" });
  const visitor = await visitorContext.newPage();
  const beacons: string[] = [];
  visitor.on("request", (request) => {
    if (request.url().endsWith("/events")) beacons.push(request.postData() ?? "");
  });
  // A tel: link leaves the page in a real phone; here it is kept on the page.
  await visitor.route(/^tel:/, (route) => route.abort());
  await visitor.goto(`/ua${servicePath}`);
  await expect.poll(() => beacons.length).toBe(1);
  await visitor
    .getByRole("link", { name: "Подзвонити" })
    .evaluate((anchor) => anchor.addEventListener("click", (event) => event.preventDefault()));
  await visitor.getByRole("link", { name: "Подзвонити" }).click();
  await expect.poll(() => beacons.length).toBe(2);
  expect(beacons.map((body) => JSON.parse(body).kind)).toEqual(["view", "call"]);
  expect((await visitorContext.cookies()).filter((cookie) => cookie.name !== "NEXT_LOCALE")).toEqual([]);
  await visitorContext.close();

  await owner.reload();
  expect(await counts(station)).toEqual({ views: 1, calls: 1 });

  // The chart has a date axis (first, middle and last day) and a value axis up to the busiest
  // day, and its numbers are there as a table too, for those who cannot see the bars.
  await station.getByText(/^Last 30 days$/).click();
  const table = station.getByRole("table", { name: "Page views per day" });
  await expect(table.locator("tbody tr")).toHaveCount(30);
  const days = await table.locator("tbody th").allTextContents();
  await expect(station.locator("[data-axis=x] time")).toHaveText([days[0]!, days[15]!, days[29]!]);
  await expect(station.locator("[data-axis=y]")).toContainText("1");
  expect(await table.locator("tbody td").allTextContents()).toContain("1");
  await station.getByText(/^Last 30 days$/).click();

  await owner.goto("/ua/mystos");
  const ukStation = owner.getByRole("listitem").filter({ has: owner.locator(`a[href='/ua${servicePath}']`) });
  await ukStation.getByText("Останні 30 днів").click();
  await expect(ukStation.locator("dt", { hasText: "Перегляди" })).toBeVisible();
  await expect(ukStation.getByRole("img", { name: /Перегляди сторінки за днями/ })).toBeVisible();
  // The dates speak the page's language.
  const ukDays = await ukStation
    .getByRole("table", { name: "Перегляди сторінки за днями" })
    .locator("tbody th")
    .allTextContents();
  expect(ukDays[29]).toMatch(/[а-яіїєґ]/);
  await expect(ukStation.locator("[data-axis=x] time").last()).toHaveText(ukDays[29]!);
});

async function counts(station: import("@playwright/test").Locator): Promise<{ views: number; calls: number }> {
  await station.getByText(/^Last 30 days$/).click();
  if (await station.getByText("No visits counted yet.").isVisible()) {
    await station.getByText(/^Last 30 days$/).click();
    return { views: 0, calls: 0 };
  }
  const value = async (label: string) =>
    Number(
      (await station.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").textContent())!.replace(
        /\D/g,
        "",
      ),
    );
  const result = { views: await value("Views"), calls: await value("Calls") };
  await station.getByText(/^Last 30 days$/).click();
  return result;
}
