import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { escapeRegExp as escape, translator, type Code, type Translate } from "./translate";
import type { SignedIn } from "./users";

/**
 * A request's thread in a browser: a driver asks a station for a price, its owner asks a question
 * in the thread from the inbox, the driver answers with their phone number, which the owner reads
 * hidden (•••) since the driver has not chosen the station yet; the header tells each of the new
 * message. On a phone in Ukrainian (touch) and on a desktop in English (keyboard); every word read
 * from messages/*.json. Screenshots go to /tmp/threads-*.png.
 */

type Run = { code: Code; width: number; height: number; at: { lat: number; lng: number; city: string } };
const RUNS: Run[] = [
  { code: "uk", width: 390, height: 844, at: { lat: 49.5535, lng: 25.5948, city: "Тернопіль" } },
  { code: "en", width: 1440, height: 900, at: { lat: 51.4982, lng: 31.2893, city: "Chernihiv" } },
];
const phone = (run: Run) => run.width < 1024;
const prefixOf = (code: Code) => (code === "uk" ? "/ua" : "");
const shot = (page: Page, run: Run, name: string) =>
  page.screenshot({ path: `/tmp/threads-${run.code}-${run.width}-${name}.png`, fullPage: true });

/** Presses a control as the run's person does: a tap on the phone, Enter from the keyboard on the desktop. */
async function press(page: Page, run: Run, control: Locator) {
  if (phone(run)) await control.tap();
  else {
    await control.focus();
    await page.keyboard.press("Enter");
  }
}

/** Opens a thread's panel, writes `text` and sends it; waits for it in the list. */
async function writeIn(page: Page, run: Run, t: Translate, panel: Locator, text: string) {
  const box = panel.getByRole("textbox", { name: t("RequestThread.label"), exact: true });
  await box.fill(text);
  await expect(panel.getByText(t("RequestThread.counter", { count: text.length, max: 2000 }))).toBeVisible();
  await press(page, run, panel.getByRole("button", { name: t("RequestThread.send"), exact: true }));
  await expect(panel.getByRole("list", { name: t("RequestThread.listLabel") }).getByText(text)).toBeVisible();
  await expect(box).toHaveValue("");
}

for (const run of RUNS) {
  test(`a thread before the choice, ${run.code} at ${run.width} px`, async ({ browser, users }) => {
    test.setTimeout(180_000);
    // Each person in a browser of the run's kind: a touch screen on the phone.
    const contexts = await Promise.all(
      [0, 1].map(() =>
        browser.newContext({ viewport: { width: run.width, height: run.height }, hasTouch: phone(run) }),
      ),
    );
    const [ownerTab, driverTab] = await Promise.all(contexts.map((context) => context.newPage()));
    const t = translator(run.code);
    const prefix = prefixOf(run.code);
    const locale = run.code === "uk" ? "ua" : "en";
    const station = run.code === "uk" ? "Гальма Тернопіль" : "Chernihiv Brakes";
    const owner = await users.create("owner", {
      name: run.code === "uk" ? "Оксана Майстренко" : "Olena Master",
      locale,
      page: ownerTab,
      service: { name: station, coordinates: run.at, address: `${run.at.city}, ${station}` },
    });
    const driver: SignedIn = await users.create("user", {
      name: run.code === "uk" ? "Петро Водій" : "Petro Driver",
      locale,
      page: driverTab,
    });

    // The driver asks the station (the four-step form has a spec of its own: requests.spec.ts).
    const sent = await driver.context.request.post(`/api/requests?lng=${locale}`, {
      data: {
        serviceIds: [owner.serviceId],
        job: "brake_pads",
        description: run.code === "uk" ? "Скрипить спереду" : "Squeaks at the front",
        car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
        when: { asap: true },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { _id: requestId } = (await sent.json()) as { _id: string };

    // The owner opens the thread from the inbox: empty, then asks a question.
    const ownerPage = owner.page;
    await ownerPage.goto(`${prefix}/requests/inbox`);
    const entry = ownerPage.getByRole("article").filter({ hasText: station });
    await expect(entry).toBeVisible();
    const ownerPanel = entry.locator("details[data-thread]");
    await expect(ownerPanel.locator("summary")).toHaveText(new RegExp(`^${escape(t("RequestThread.withDriver"))}`));
    await press(ownerPage, run, ownerPanel.locator("summary"));
    await expect(ownerPanel.getByText(t("RequestThread.empty"))).toBeVisible();
    // Until the driver chooses the station, the form says contacts are hidden from the driver.
    await expect(ownerPanel.getByText(t("RequestThread.hintService"), { exact: false })).toBeVisible();
    await shot(ownerPage, run, "1-owner-empty");
    const question =
      run.code === "uk" ? "Добрий день! Коли вам зручно приїхати?" : "Hello! When would it suit you to come?";
    await writeIn(ownerPage, run, t, ownerPanel, question);

    // The driver hears of it in the header, and answers with their phone number.
    const driverPage = driver.page;
    await driverPage.goto(`${prefix}/requests/${requestId}`);
    const unread = t("Header.unreadMessages", { count: 1 });
    if (phone(run))
      await expect(
        driverPage.getByRole("button", { name: new RegExp(`^${escape(t("Header.menu"))}.*${escape(unread)}`) }),
      ).toBeVisible();
    else
      await expect(
        driverPage.getByRole("link", { name: new RegExp(`^${escape(t("Header.requests"))}.*${escape(unread)}`) }),
      ).toBeVisible();
    await expect(driverPage.getByRole("heading", { name: t("RequestThread.title"), exact: true })).toBeVisible();
    const driverPanel = driverPage.locator(`details[data-thread="${owner.serviceId}"]`);
    await expect(driverPanel.locator("summary")).toContainText(t("RequestThread.withService", { name: station }));
    await press(driverPage, run, driverPanel.locator("summary"));
    await expect(driverPanel.getByText(question)).toBeVisible();
    const answer =
      run.code === "uk"
        ? "Завтра о 10:30, якщо можна. Мій номер 067 123 45 67"
        : "Tomorrow at 10:30 if possible. My number is 067 123 45 67";
    await writeIn(driverPage, run, t, driverPanel, answer);
    // The driver reads their own words, and that the station reads them without the number.
    await expect(driverPanel.getByText(t("RequestThread.hiddenFromService"))).toBeVisible();
    await expect(driverPage.getByText(t("Requests.threadContactsHiddenDriver"))).toBeVisible();
    // Read: the header's count is gone.
    if (!phone(run))
      await expect(driverPage.getByRole("link", { name: t("Header.requests"), exact: true })).toBeVisible();
    await shot(driverPage, run, "2-driver");

    // The owner reads the answer with the number hidden.
    await ownerPage.reload();
    const masked = answer.replace("067 123 45 67", "•••");
    const ownerEntry = ownerPage.getByRole("article").filter({ hasText: station });
    const panelAgain = ownerEntry.locator("details[data-thread]");
    await press(ownerPage, run, panelAgain.locator("summary"));
    await expect(panelAgain.getByText(masked, { exact: true })).toBeVisible();
    await expect(panelAgain.getByText(t("RequestThread.hiddenForService"))).toBeVisible();
    await expect(ownerPage.getByText("067 123 45 67")).toHaveCount(0);
    await panelAgain.scrollIntoViewIfNeeded();
    await shot(ownerPage, run, "3-owner-masked");
    await Promise.all(contexts.map((context) => context.close()));
  });
}
