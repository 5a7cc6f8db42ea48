import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * An imported place whose e-mail is new to the import (the demo answer gives "Кузовна майстерня
 * Черемушки" no time of its last OpenStreetMap edit, so its address counts from the seed): a claim
 * on it sends no code to that address and waits for an administrator, whose queue says why, at
 * phone and desktop widths in English and Ukrainian.
 */
const SHOTS = "/work/coord/shots";
const PLACE = "Кузовна майстерня Черемушки";
const MAIL = "cheremushky@example.org";
const FLAG = {
  en: "The e-mail was added or changed on OpenStreetMap less than 4 weeks ago: no claim code goes to it.",
  ua: "Адресу пошти в OpenStreetMap додано або змінено менш ніж 4 тижні тому: коди заявок на неї не надсилаються.",
} as const;

async function placeId(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`/api/items?keyword=${encodeURIComponent(PLACE)}`);
  const { items } = (await answer.json()) as { items: { _id: string; name: string }[] };
  const found = items.find((item) => item.name === PLACE);
  expect(found, `${PLACE} imported by the seed`).toBeTruthy();
  return found!._id;
}

test("a claim on a place whose OpenStreetMap e-mail is new sends it no code and tells the admin queue why", async ({
  users,
}) => {
  const person = await users.create("user", { name: "Taras Melnyk" });
  const id = await placeId(person.page.request);
  await person.page.goto(`/service/${id}`);
  const panel = person.page.getByRole("region", { name: "Is this your business?" });
  await panel.getByLabel("Who are you to this business?").fill("I run the body shop on Cheremushky");
  await panel.getByRole("button", { name: "Claim this business" }).click();
  await expect(panel).toContainText("Sent to an administrator. We will write to you when they decide.");
  await expect(panel.getByLabel("Code from the e-mail")).toHaveCount(0);
  // Nothing went to the place's address.
  expect(await (await person.page.request.get("/dev/outbox")).text()).not.toContain(MAIL);

  const admin = await users.create("admin");
  for (const [locale, width] of [
    ["en", 390],
    ["ua", 390],
    ["en", 1440],
    ["ua", 1440],
  ] as const) {
    await admin.page.setViewportSize({ width, height: 900 });
    await admin.page.goto(`/admin/claims?lng=${locale}`);
    const item = admin.page.getByRole("listitem").filter({ hasText: "I run the body shop on Cheremushky" });
    await expect(item.getByRole("link", { name: PLACE })).toBeVisible();
    const flag = item.getByText(FLAG[locale]);
    await expect(flag).toBeVisible();
    await flag.scrollIntoViewIfNeeded();
    // Inside the page at a phone's width too: no sideways scrolling.
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await admin.page.screenshot({ path: `${SHOTS}/osm-claim-address-${locale}-${width}.png`, fullPage: false });
  }
});
