import { expect, test } from "./fixtures";

test("a visit and a call are counted for the owner, without cookies, and shown on /mystos in both languages", async ({ browser, users }) => {
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
  await visitor.getByRole("link", { name: "Зателефонувати" }).evaluate((anchor) => anchor.addEventListener("click", (event) => event.preventDefault()));
  await visitor.getByRole("link", { name: "Зателефонувати" }).click();
  await expect.poll(() => beacons.length).toBe(2);
  expect(beacons.map((body) => JSON.parse(body).kind)).toEqual(["view", "call"]);
  expect((await visitorContext.cookies()).filter((cookie) => cookie.name !== "NEXT_LOCALE")).toEqual([]);
  await visitorContext.close();

  await owner.reload();
  expect(await counts(station)).toEqual({ views: 1, calls: 1 });

  await owner.goto("/ua/mystos");
  const ukStation = owner.getByRole("listitem").filter({ has: owner.locator(`a[href='/ua${servicePath}']`) });
  await ukStation.getByText("Останні 30 днів").click();
  await expect(ukStation.getByText("Перегляди")).toBeVisible();
  await expect(ukStation.getByRole("img", { name: /Перегляди сторінки за днями/ })).toBeVisible();
});

async function counts(station: import("@playwright/test").Locator): Promise<{ views: number; calls: number }> {
  await station.getByText(/^Last 30 days$/).click();
  if (await station.getByText("No visits counted yet.").isVisible()) {
    await station.getByText(/^Last 30 days$/).click();
    return { views: 0, calls: 0 };
  }
  const value = async (label: string) =>
    Number((await station.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").textContent())!.replace(/\D/g, ""));
  const result = { views: await value("Views"), calls: await value("Calls") };
  await station.getByText(/^Last 30 days$/).click();
  return result;
}
