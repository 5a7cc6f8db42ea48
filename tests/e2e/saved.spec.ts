import type { Page } from "@playwright/test";

import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

const SHOTS = "/work/coord/shots";

type Item = { _id: string; name: string; contactPhone1: string };

/** Two published stations with a phone, from the public list. */
async function twoStations(page: Page): Promise<Item[]> {
  const answer = (await (await page.request.get("/api/items?filter=sto")).json()) as { items: Item[] };
  const withPhone = answer.items.filter((item) => item.contactPhone1);
  expect(withPhone.length).toBeGreaterThanOrEqual(2);
  return withPhone.slice(0, 2);
}

/** Saves a service from its page, as a visitor does: Save goes on to the Saved list. */
async function saveFromPage(page: Page, item: Item) {
  await page.goto(`/service/${item._id}`);
  const save = page.getByRole("button", { name: `Save ${item.name}`, exact: true });
  await hydrated(save);
  await save.click();
  await expect(page).toHaveURL(/\/cart$/);
}

async function accountIds(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/users/saved");
  if (!response.ok()) return [];
  return ((await response.json()) as { items: Item[] }).items.map((item) => item._id);
}

const entries = (page: Page) => page.getByRole("main").locator("[data-saved-item]");

test.describe("the Saved list survives signing out", () => {
  test("saved signed out, merged on sign-in, cleared on sign-out, back on another browser; a removal is undone", async ({
    page,
    browser,
    users,
  }) => {
    const account = await users.create("user");
    const [a, b] = await twoStations(page);

    await test.step("two services saved signed out stay in this browser", async () => {
      await saveFromPage(page, a!);
      await saveFromPage(page, b!);
      await expect(entries(page)).toHaveCount(2);
      await expect(page.getByText("Sign in to keep your Saved list on every device.")).toBeVisible();
    });

    await test.step("signing in puts them on the account", async () => {
      await page.goto("/login?redirect=%2Fcart");
      await hydrated(page.getByRole("button", { name: "Sign in", exact: true }));
      await signIn(page, account.email, account.password);
      await expect(page).toHaveURL(/\/cart$/);
      await expect.poll(() => accountIds(page)).toEqual([a!._id, b!._id]);
      await expect(entries(page)).toHaveCount(2);
    });

    await test.step("signing out clears this browser's copy", async () => {
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto("/cart");
      await expect(page.getByText("Your Saved list is empty")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/V-saved-empty-en-1440.png` });
    });

    const other = await browser.newContext();
    const phone = await other.newPage();
    await test.step("signing in in a fresh browser brings the list back", async () => {
      await phone.goto("/login?redirect=%2Fcart");
      await hydrated(phone.getByRole("button", { name: "Sign in", exact: true }));
      await signIn(phone, account.email, account.password);
      await expect(phone).toHaveURL(/\/cart$/);
      await expect(entries(phone)).toHaveCount(2);
      await expect(phone.getByRole("main").getByRole("link", { name: a!.name, exact: true })).toBeVisible();
      await expect(phone.getByRole("main").getByRole("link", { name: b!.name, exact: true })).toBeVisible();
    });

    await test.step("a removal says so with Undo, which puts it back, on the account too", async () => {
      const remove = phone.getByRole("button", { name: `Remove ${a!.name} from Saved` });
      await hydrated(remove);
      await remove.click();
      await expect(entries(phone)).toHaveCount(1);
      await expect.poll(() => accountIds(phone)).toEqual([b!._id]);
      const toast = phone.locator("[data-sonner-toast]").filter({ hasText: `${a!.name} removed from Saved` });
      await expect(toast).toBeVisible();
      // Sonner slides the toast in: the picture waits for it to stand still.
      await expect.poll(() => toast.evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
      await phone.screenshot({ path: `${SHOTS}/V-saved-undo-en-1440.png` });
      await toast.getByRole("button", { name: "Undo" }).click();
      await expect(entries(phone)).toHaveCount(2);
      await expect(entries(phone).first()).toHaveAttribute("data-saved-item", a!._id);
      await expect.poll(async () => (await accountIds(phone)).sort()).toEqual([a!._id, b!._id].sort());
    });

    await test.step("on a phone, in both languages, each item shows its status now, its distance and a big Call", async () => {
      // The visitor shared their position in this tab (components/map/use-geolocation.tsx): Kyiv.
      await phone.evaluate(() =>
        sessionStorage.setItem("visitorPoint", JSON.stringify({ lat: 50.45, lng: 30.52, at: Date.now() })),
      );
      // English first: once a Ukrainian page has set the language cookie, an unprefixed address would go there.
      for (const [path, call, km, language] of [
        ["/cart", /^Call · \d{3} \d{3} \d{4}$/, /^[\d,.]+ km away$/, "en"],
        ["/ua/cart", /^Подзвонити · \d{3} \d{3} \d{4}$/, /^[\d\s,]+ км від вас$/, "ua"],
      ] as const) {
        await phone.setViewportSize({ width: 390, height: 844 });
        await phone.goto(path);
        await expect(entries(phone)).toHaveCount(2);
        await expect(entries(phone).locator("[data-saved-status]")).toHaveCount(2);
        for (const entry of await entries(phone).all()) {
          await expect(entry.locator("[data-saved-status]").getByText(km)).toBeVisible();
          const dial = entry.getByRole("link", { name: call });
          await expect(dial).toHaveAttribute("href", /^tel:\+380\d{9}$/);
          const box = (await dial.boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.width).toBeGreaterThan(300);
        }
        await phone.screenshot({ path: `${SHOTS}/V-saved-${language}-390.png` });
        await phone.setViewportSize({ width: 1440, height: 900 });
        await expect(entries(phone).locator("[data-saved-status]")).toHaveCount(2);
        await phone.screenshot({ path: `${SHOTS}/V-saved-${language}-1440.png` });
      }
    });
    await other.close();
  });

  test("offline, the list renders from this browser's copy with its phone numbers and says the status is unknown", async ({
    page,
    context,
  }) => {
    const [a] = await twoStations(page);
    await saveFromPage(page, a!);
    await expect(entries(page).locator("[data-saved-status]")).toHaveCount(1);
    await page.setViewportSize({ width: 390, height: 844 });
    // The status endpoint cannot be reached: the list stays, Call still dials.
    await context.route("**/api/items/cards**", (route) => route.abort("internetdisconnected"));
    await page.reload();
    await expect(entries(page)).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("status")).toContainText("Could not check who is open now.");
    await expect(entries(page).getByRole("link", { name: /^Call · / })).toHaveAttribute("href", /^tel:\+380/);
    await page.screenshot({ path: `${SHOTS}/V-saved-status-error-en-390.png` });
    await context.unroute("**/api/items/cards**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(entries(page).locator("[data-saved-status]")).toHaveCount(1);
    await expect(page.getByText("Could not check who is open now.")).toHaveCount(0);
  });
});
