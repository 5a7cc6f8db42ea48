import { expect, test } from "./fixtures";
import { translator, type Code } from "./translate";

/**
 * The Notifications card of /profile as a person uses it: choosing channels per event and quiet
 * hours (kept after a reload), and linking Telegram through the bot's start link (the stand-in
 * plays Telegram's part: the app's webhook gets /start <code> as from a chat), then unlinking.
 * Ukrainian on a 390 px phone by touch, English at 1440 px by keyboard.
 */
const RUNS = [
  { code: "uk" as Code, width: 390, height: 844, touch: true },
  { code: "en" as Code, width: 1440, height: 900, touch: false },
];
const WEBHOOK_SECRET = "stand-in-webhook-secret";

for (const run of RUNS) {
  test(`notification choices and Telegram, ${run.code} at ${run.width} px`, async ({ browser, users, baseURL }) => {
    test.setTimeout(120_000);
    const t = translator(run.code);
    const context = await browser.newContext({
      viewport: { width: run.width, height: run.height },
      hasTouch: run.touch,
    });
    // The bot's t.me page is Telegram's: not reached from the tests.
    await context.route("https://t.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>Telegram</p>" }),
    );
    const page = await context.newPage();
    const person = await users.create("user", {
      name: `Notify ${run.code}`,
      locale: run.code === "uk" ? "ua" : "en",
      page,
    });
    const prefix = run.code === "uk" ? "/ua" : "";
    await page.goto(`${prefix}/profile`);

    const card = page.getByRole("region", { name: t("Notifications.title") });
    await expect(card).toBeVisible();
    const box = (event: string, channel: string) =>
      card.getByRole("checkbox", {
        name: t("Notifications.eventChannel", {
          event: t("Notifications.event", { event }),
          channel: t("Notifications.channelShort", { channel }),
        }),
        exact: true,
      });

    await test.step("choose: the digest by nobody, answers by Telegram only, no quiet hours; kept after a reload", async () => {
      await expect(box("answer", "telegram")).toBeChecked();
      await expect(box("reviewDigest", "telegram")).not.toBeChecked();
      if (run.touch) {
        await box("reviewDigest", "email").tap();
        await box("answer", "email").tap();
        await card.getByRole("checkbox", { name: t("Notifications.quietOn") }).tap();
        await card.getByRole("button", { name: t("Notifications.save") }).tap();
      } else {
        await box("reviewDigest", "email").focus();
        await page.keyboard.press("Space");
        await box("answer", "email").focus();
        await page.keyboard.press("Space");
        await card.getByRole("checkbox", { name: t("Notifications.quietOn") }).focus();
        await page.keyboard.press("Space");
        await card.getByRole("button", { name: t("Notifications.save") }).focus();
        await page.keyboard.press("Enter");
      }
      await expect(page.getByText(t("Notifications.saved"))).toBeVisible();
      await page.screenshot({ path: `test-results/notifications-${run.code}-${run.width}.png`, fullPage: true });
      await page.reload();
      await expect(box("reviewDigest", "email")).not.toBeChecked();
      await expect(box("answer", "email")).not.toBeChecked();
      await expect(box("answer", "telegram")).toBeChecked();
      await expect(card.getByRole("checkbox", { name: t("Notifications.quietOn") })).not.toBeChecked();
      const saved = await (await page.request.get("/api/users/notifications")).json();
      expect(saved).toMatchObject({ quietHours: null, events: { answer: ["telegram", "push"], reviewDigest: [] } });
    });

    await test.step("link Telegram: the start link, Start in the chat, and the card says so", async () => {
      await card.getByRole("button", { name: t("Telegram.link") }).click();
      const open = card.getByRole("link", { name: t("Telegram.openTelegram") });
      await expect(open).toBeVisible();
      const url = new URL((await open.getAttribute("href"))!);
      expect(url.origin + url.pathname).toBe("https://t.me/maister_stand_in_bot");
      const code = url.searchParams.get("start")!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
      const update = {
        update_id: Date.now(),
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 5_000_000 + run.width, type: "private" },
          from: {
            id: 5_000_000 + run.width,
            is_bot: false,
            first_name: "Olha",
            username: `olha_${run.code}`,
            language_code: run.code,
          },
          text: `/start ${code}`,
        },
      };
      const forged = await page.request.post(`${baseURL}/api/etc/telegram/webhook`, { data: update });
      expect(forged.status()).toBe(401);
      const answer = await page.request.post(`${baseURL}/api/etc/telegram/webhook`, {
        data: update,
        headers: { "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      expect((await answer.json()).text).toContain(person.name);
      await expect(card.getByText(t("Telegram.linkedAs", { username: `olha_${run.code}` }))).toBeVisible({
        timeout: 15_000,
      });
      await page.screenshot({ path: `test-results/notifications-linked-${run.code}-${run.width}.png`, fullPage: true });
    });

    await test.step("unlink, after a confirmation", async () => {
      await card.getByRole("button", { name: t("Telegram.unlink") }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("Telegram.unlinkConfirm") })
        .click();
      await expect(card.getByRole("button", { name: t("Telegram.link") })).toBeVisible();
      expect((await (await page.request.get("/api/users/telegram")).json()).linked).toBe(false);
    });
    await context.close();
  });
}
