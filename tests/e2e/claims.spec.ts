import type { APIRequestContext, Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * A person claims a place imported from OpenStreetMap (the seed imports the demo Overpass answer):
 * on its page they say who they are, read the code from the mail to the place's address, confirm,
 * pay the fee with the test payment, and find the place among their stations. At phone and desktop
 * widths, in English and Ukrainian, each on a place of its own (a claimed place is no longer free).
 */
const SHOTS = "/work/coord/shots";
const TEXT = {
  en: {
    prefix: "",
    title: "Is this your business?",
    message: "Who are you to this business?",
    submit: "Claim this business",
    code: "Code from the e-mail",
    verify: "Confirm",
    pay: "Pay the fee to publish it as yours",
    confirmed: "Confirmed: you can take this business over.",
    pending: "Sent to an administrator. We will write to you when they decide.",
    preview: "Your listing",
    fresh: "New",
    held: "Someone else has already confirmed this place as theirs and may soon manage it on Maister.",
    nobody: "nobody manages it on Maister yet",
    payWithin: "Pay within 7 days of the confirmation, or the claim lapses and others can claim the place.",
  },
  ua: {
    prefix: "/ua",
    title: "Це ваш заклад?",
    message: "Хто ви для цього закладу?",
    submit: "Це мій заклад",
    code: "Код з листа",
    verify: "Підтвердити",
    pay: "Сплатити й опублікувати як свій",
    confirmed: "Підтверджено: ви можете взяти цей заклад під своє керування.",
    pending: "Заявку передано адміністраторові. Ми напишемо вам, коли він ухвалить рішення.",
    preview: "Ваше оголошення",
    fresh: "Нова",
    held: "Хтось інший уже підтвердив, що це його заклад, і невдовзі може керувати ним у Майстрі.",
    nobody: "ним ще ніхто не керує",
    payWithin:
      "Сплатіть протягом 7 днів після підтвердження, інакше заявка втратить чинність і заклад зможуть заявити інші.",
  },
} as const;

const RUNS = [
  { locale: "en", width: 390, height: 844, place: "Автосервіс на Теремках", mail: "info@teremky-auto.example.com" },
  { locale: "en", width: 1440, height: 900, place: "СТО на Городоцькій", mail: "gorodotska@example.com" },
  { locale: "ua", width: 390, height: 844, place: "СТО Приморський", mail: "prymorskyi@example.com" },
  { locale: "ua", width: 1440, height: 900, place: "СТО Салтівка", mail: "saltivka@example.com" },
] as const;

async function placeId(request: APIRequestContext, name: string): Promise<string> {
  const answer = await request.get(`/api/items?keyword=${encodeURIComponent(name)}`);
  const { items } = (await answer.json()) as { items: { _id: string; name: string; claimed?: boolean }[] };
  const found = items.find((item) => item.name === name);
  expect(found, `${name} imported by the seed`).toBeTruthy();
  return found!._id;
}

/** The newest claim code mailed to `address`, from the dev outbox (newest mail first). */
async function codeFromOutbox(page: Page, address: string): Promise<string> {
  const outbox = await (await page.request.get("/dev/outbox")).text();
  const at = outbox.indexOf(address);
  expect(at, `a mail to ${address} in the outbox`).toBeGreaterThanOrEqual(0);
  const code = /\b(\d{6})\b/.exec(outbox.slice(at))?.[1];
  expect(code, "a six-digit code in the mail").toBeTruthy();
  return code!;
}

for (const run of RUNS) {
  const text = TEXT[run.locale];
  test(`claims ${run.place} by the code from its mail, pays, and finds it in /mystos (${run.locale}, ${run.width} px)`, async ({
    users,
  }) => {
    const person = await users.create("user", { locale: run.locale, name: "Petro Klymenko" });
    const { page } = person;
    await page.setViewportSize({ width: run.width, height: run.height });
    const id = await placeId(page.request, run.place);

    await page.goto(`${text.prefix}/service/${id}`);
    const panel = page.getByRole("region", { name: text.title });
    await expect(panel.getByLabel(text.message)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/claims-form-${run.locale}-${run.width}.png`, fullPage: false });
    await panel.getByLabel(text.message).fill("I own this garage; phone 067 123 45 67");
    await panel.getByRole("button", { name: text.submit }).click();

    const codeInput = panel.getByLabel(text.code);
    await expect(codeInput).toBeVisible();
    await expect(panel).toContainText(`${run.mail[0]}***@${run.mail.split("@")[1]}`);
    await page.screenshot({ path: `${SHOTS}/claims-code-${run.locale}-${run.width}.png`, fullPage: false });

    await codeInput.fill(await codeFromOutbox(page, run.mail));
    await panel.getByRole("button", { name: text.verify }).click();
    await expect(panel).toContainText(text.confirmed);
    await expect(panel).toContainText(text.payWithin);
    const pay = panel.getByRole("link", { name: text.pay });
    await expect(pay).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/claims-verified-${run.locale}-${run.width}.png`, fullPage: false });

    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/placeorder\\?sto=${id}$`));
    await expect(page.getByText(run.place).first()).toBeVisible();
    // The preview shows the place as it is: nobody reviewed it, so it is new, not "5.0 (100 reviews)".
    const preview = page.getByRole("article", { name: text.preview });
    await expect(preview.getByText(text.fresh, { exact: true })).toBeVisible();
    await expect(preview).not.toContainText(/100 (reviews|відгук)/);
    await expect(preview.getByRole("img", { name: /5\.0|5 of 5|5 з 5/ })).toHaveCount(0);
    // Ukrainian pages offer the card through monobank first: the test payment is on PayPal's side.
    await page.getByRole("radio", { name: /PayPal/ }).check();
    await page.getByRole("button", { name: /test mode|тестовому режимі|тестов/i }).click();
    await expect(page).toHaveURL(new RegExp(`/service/${id}$`));
    // Theirs now: no claim panel on their own page, and it is among their stations.
    await expect(page.getByRole("region", { name: text.title })).toHaveCount(0);
    await page.goto(`${text.prefix}/mystos`);
    await expect(page.getByText(run.place).first()).toBeVisible();
  });
}

test("a claim on a place without e-mail waits for an administrator, who approves it on /admin/claims", async ({
  users,
}) => {
  const person = await users.create("user", { name: "Olena Koval" });
  const id = await placeId(person.page.request, "Шиномонтаж Вулкан");
  await person.page.goto(`/service/${id}`);
  const panel = person.page.getByRole("region", { name: TEXT.en.title });
  await panel.getByLabel(TEXT.en.message).fill("I run the tyre shop");
  await panel.getByRole("button", { name: TEXT.en.submit }).click();
  await expect(panel).toContainText(TEXT.en.pending);

  const admin = await users.create("admin");
  // ?lng chooses the language (a visit to /ua/… leaves it Ukrainian for the unprefixed paths too).
  for (const [locale, width] of [
    ["ua", 390],
    ["en", 1440],
  ] as const) {
    await admin.page.setViewportSize({ width, height: 900 });
    await admin.page.goto(`/admin/claims?lng=${locale}`);
    await expect(admin.page.getByRole("link", { name: "Шиномонтаж Вулкан" }).first()).toBeVisible();
    await admin.page.screenshot({ path: `${SHOTS}/claims-admin-${locale}-${width}.png`, fullPage: false });
  }
  await admin.page.goto("/admin/claims?lng=en");
  const item = admin.page.getByRole("listitem").filter({ hasText: "I run the tyre shop" });
  await item.getByRole("button", { name: "Approve" }).focus();
  await admin.page.keyboard.press("Enter");
  await expect(admin.page.getByText("Claim approved: the claimant can now pay to publish the listing.")).toBeVisible();

  await person.page.reload();
  await expect(person.page.getByRole("region", { name: TEXT.en.title })).toContainText(TEXT.en.confirmed);
});

test("someone else's confirmed, unpaid claim is told in the claim box before anyone writes a word (390 and 1440 px, both languages)", async ({
  users,
}) => {
  const place = "Автосервіс Сихів";
  const holder = await users.create("user", { name: "Taras Holder" });
  const id = await placeId(holder.page.request, place);
  // The holder's claim: the place has no e-mail, so an administrator approves it (verified, not paid).
  const claimed = await holder.page.request.post(`/api/items/${id}/claim`, { data: { message: "My garage" } });
  expect(claimed.status(), await claimed.text()).toBe(201);
  const { _id: claimId } = (await claimed.json()) as { _id: string };
  const admin = await users.create("admin");
  const approved = await admin.page.request.put(`/api/items/admin/claims/${claimId}`, {
    data: { decision: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  for (const [locale, width] of [
    ["en", 390],
    ["en", 1440],
    ["ua", 390],
    ["ua", 1440],
  ] as const) {
    const text = TEXT[locale];
    const { page } = await users.create("user", { locale, name: "Ivan Realowner" });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${text.prefix}/service/${id}`);
    const panel = page.getByRole("region", { name: text.title });
    // With the form in front of them, and before they submit: an administrator will decide.
    await expect(panel.getByLabel(text.message)).toBeVisible();
    await expect(panel).toContainText(text.held);
    await expect(panel).not.toContainText(text.nobody);
    await page.screenshot({ path: `${SHOTS}/claims-held-${locale}-${width}.png`, fullPage: false });
  }
});
