import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as linkRoute } from "@/app/api/users/telegram/link/route";
import { GET as stateRoute, DELETE as unlinkRoute } from "@/app/api/users/telegram/route";
import { hashLinkCode } from "@/features/notifications/telegram/server/link";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeUser } from "../../helpers/factories";
import { TELEGRAM_TEST_SECRET, TELEGRAM_TEST_USERNAME, type FakeTelegram } from "../../helpers/fake-telegram";
import { apiRequest, call } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";
import { linkDirectly, linkOf, newChatId, startTelegramForTests, stopTelegramForTests } from "./telegram-helpers";

/**
 * Linking a Telegram chat (features/notifications/telegram/server/link.ts and webhook.ts): the
 * one-time t.me link, /start <code> from the chat (answered in the person's language), a code
 * used twice (one after the other, and both at once), an expired one, another person's, the
 * forged webhook, /stop and DELETE.
 */
let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startTelegramForTests();
});
afterAll(async () => {
  await stopTelegramForTests(telegram);
});

type Reply = { method?: string; chat_id?: number; text?: string; ignored?: boolean };

async function person(locale: "en" | "uk" = "en", name?: string) {
  const user = await makeUser(name ? { name } : {});
  if (locale !== "en") await (await getPrisma()).user.update({ where: { id: user.id }, data: { locale } });
  return { user, cookie: await signIn(user.email) };
}

/** POST /api/users/telegram/link as the person: the t.me link and its code. */
async function newLink(cookie: string) {
  const response = await call(linkRoute, apiRequest("POST", "/api/users/telegram/link", { cookie }));
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const code = new RegExp(`^https://t\\.me/${TELEGRAM_TEST_USERNAME}\\?start=([A-Za-z0-9_-]+)$`).exec(url)?.[1];
  expect(code).toBeDefined();
  return { url, code: code! };
}

const start = async (chatId: number, code: string, languageCode = "en", username = "person") => {
  const answer = await telegram.sendUpdate(chatId, `/start ${code}`, { languageCode, username });
  expect(answer.status).toBe(200);
  return answer.body as Reply;
};

const state = async (cookie: string) => {
  const response = await call(stateRoute, apiRequest("GET", "/api/users/telegram", { cookie }));
  expect(response.status).toBe(200);
  return response.json() as Promise<{ available: boolean; linked: boolean; username?: string }>;
};

describe("linking Telegram", () => {
  it("links the chat that presses Start and answers in the person's language, not the chat's", async () => {
    const { user, cookie } = await person("uk", "Тарас");
    expect(await state(cookie)).toEqual({ available: true, linked: false });
    const { code } = await newLink(cookie);
    // 32 random bytes, base64url: inside Telegram's 64 characters of the start parameter.
    expect(code).toHaveLength(43);
    expect(telegram.calls.getMe).toBe(1);
    const stored = await (
      await getPrisma()
    ).telegramLinkCode.findUniqueOrThrow({ where: { codeHash: hashLinkCode(code) } });
    expect(stored.userId).toBe(user.id);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(14 * 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);

    const chatId = newChatId();
    const reply = await start(chatId, code, "en", "taras_ua");
    expect(reply).toMatchObject({ method: "sendMessage", chat_id: chatId });
    expect(reply.text).toContain("Готово: цей чат під’єднано до вашого облікового запису в Майстрі, Тарас.");
    expect(telegram.sentTo(chatId).at(-1)?.via).toBe("webhook");
    expect(await linkOf(user.id)).toMatchObject({ chatId: BigInt(chatId), username: "taras_ua" });
    expect(await state(cookie)).toEqual({ available: true, linked: true, username: "taras_ua" });
    // The username is asked of Telegram once per process.
    await newLink(cookie);
    expect(telegram.calls.getMe).toBe(1);
  });

  it("refuses a code used before, in the chat's language, and links once when it is sent twice at once", async () => {
    const { user, cookie } = await person();
    const first = await newLink(cookie);
    const chatId = newChatId();
    expect((await start(chatId, first.code)).text).toContain("Done: this chat is linked");

    const stranger = newChatId();
    const replayed = await start(stranger, first.code, "uk");
    expect(replayed.text).toContain("Це посилання вже не діє");
    expect((await linkOf(user.id))?.chatId).toBe(BigInt(chatId));
    expect(
      await (await getPrisma()).securityEvent.count({ where: { kind: "webhook.replayed", userId: user.id } }),
    ).toBe(1);

    const second = await newLink(cookie);
    const [a, b] = [newChatId(), newChatId()];
    const replies = await Promise.all([start(a, second.code), start(b, second.code)]);
    const linked = replies.filter((reply) => reply.text?.startsWith("Done"));
    expect(linked).toHaveLength(1);
    expect(replies.filter((reply) => reply.text?.includes("no longer works"))).toHaveLength(1);
    expect((await linkOf(user.id))?.chatId).toBe(BigInt(linked[0]!.chat_id!));
  });

  it("refuses an expired code, and only the newest code of a person works", async () => {
    const { user, cookie } = await person();
    const prisma = await getPrisma();
    const old = await newLink(cookie);
    const fresh = await newLink(cookie);
    // Asking again dropped the older unused code.
    expect((await start(newChatId(), old.code, "en")).text).toContain("no longer works");

    await prisma.telegramLinkCode.update({
      where: { codeHash: hashLinkCode(fresh.code) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const chatId = newChatId();
    const reply = await start(chatId, fresh.code, "ru");
    expect(reply.text).toContain("строк минув");
    expect(await linkOf(user.id)).toBeNull();

    // A minute before its end it still works.
    const last = await newLink(cookie);
    await prisma.telegramLinkCode.update({
      where: { codeHash: hashLinkCode(last.code) },
      data: { expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await start(chatId, last.code)).text).toContain("Done");
    expect((await linkOf(user.id))?.chatId).toBe(BigInt(chatId));
  });

  it("a code links its own person only: a chat linked to another account moves to the code's owner", async () => {
    const a = await person("en", "Alice");
    const b = await person("uk", "Богдан");
    const prisma = await getPrisma();
    const chat = newChatId();
    await linkDirectly(b.user.id, chat, "shared_phone");
    // Something still waiting for B's chat.
    const pending = await prisma.notificationDelivery.create({
      data: {
        userId: b.user.id,
        channel: "telegram",
        target: String(chat),
        event: "newRequest",
        kind: "request.new",
        dedupeKey: "test-b",
        title: "For B",
        body: "For B only",
        locale: "uk",
      },
    });

    const { code } = await newLink(a.cookie);
    const reply = await start(chat, code, "uk");
    // Answered as A, in A's language: the code says whose it is, whatever the chat was.
    expect(reply.text).toContain("Done: this chat is linked to your Maister account, Alice.");
    expect((await linkOf(a.user.id))?.chatId).toBe(BigInt(chat));
    expect(await linkOf(b.user.id)).toBeNull();
    expect(await prisma.notificationDelivery.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      status: "dropped",
    });

    // B's own code, from another chat, links B there and leaves A's link alone.
    const other = newChatId();
    expect((await start(other, (await newLink(b.cookie)).code)).text).toContain("Богдан");
    expect((await linkOf(b.user.id))?.chatId).toBe(BigInt(other));
    expect((await linkOf(a.user.id))?.chatId).toBe(BigInt(chat));
    // A's next code from B's chat moves A there: A's first chat is let go, never handed to anyone.
    expect((await start(other, (await newLink(a.cookie)).code)).text).toContain("Alice");
    expect((await linkOf(a.user.id))?.chatId).toBe(BigInt(other));
    expect(await linkOf(b.user.id)).toBeNull();
    expect(await prisma.telegramLink.count({ where: { chatId: BigInt(chat) } })).toBe(0);
  });

  it("greets a /start without a code, and ignores groups, other messages and other updates", async () => {
    const chatId = newChatId();
    const plain = await telegram.sendUpdate(chatId, "/start", { languageCode: "ru" });
    expect((plain.body as Reply).text).toContain("Вітаємо! Це бот Майстра");
    const english = await telegram.sendUpdate(chatId, "/start", { languageCode: "de" });
    expect((english.body as Reply).text).toContain("Hello! This is Maister’s bot");
    expect((await telegram.sendUpdate(chatId, "hello there")).body).toEqual({ ignored: true });

    const { user, cookie } = await person();
    const { code } = await newLink(cookie);
    const group = await telegram.deliver(
      JSON.stringify({
        update_id: 1,
        message: {
          message_id: 1,
          from: { id: chatId, is_bot: false },
          chat: { id: -100123, type: "group" },
          text: `/start ${code}`,
        },
      }),
      { "content-type": "application/json", "x-telegram-bot-api-secret-token": TELEGRAM_TEST_SECRET },
    );
    expect(group.status).toBe(200);
    expect(JSON.parse(group.body)).toEqual({ ignored: true });
    const edited = await telegram.deliver(
      JSON.stringify({ update_id: 2, edited_message: { message_id: 1, chat: { id: chatId, type: "private" } } }),
      { "content-type": "application/json", "x-telegram-bot-api-secret-token": TELEGRAM_TEST_SECRET },
    );
    expect(JSON.parse(edited.body)).toEqual({ ignored: true });
    // The group's /start used nothing: the code still links the person's own chat.
    expect((await start(chatId, code)).text).toContain("Done");
    expect((await linkOf(user.id))?.chatId).toBe(BigInt(chatId));
  });

  it("refuses a forged webhook with 401: no secret, a wrong one, or none configured", async () => {
    const { user, cookie } = await person();
    const { code } = await newLink(cookie);
    const chatId = newChatId();
    const update = JSON.stringify({
      update_id: 9,
      message: {
        message_id: 9,
        from: { id: chatId, is_bot: false },
        chat: { id: chatId, type: "private" },
        text: `/start ${code}`,
      },
    });
    const prisma = await getPrisma();
    const forgedBefore = await prisma.securityEvent.count({ where: { kind: "webhook.forged" } });
    const json = { "content-type": "application/json" };
    for (const headers of [json, { ...json, "x-telegram-bot-api-secret-token": "not-the-secret" }]) {
      const answer = await telegram.deliver(update, headers);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ key: "Telegram.webhookRefused" });
    }
    setEnv({ TELEGRAM_WEBHOOK_SECRET: undefined });
    try {
      const answer = await telegram.deliver(update, {
        ...json,
        "x-telegram-bot-api-secret-token": TELEGRAM_TEST_SECRET,
      });
      expect(answer.status).toBe(401);
    } finally {
      setEnv({ TELEGRAM_WEBHOOK_SECRET: TELEGRAM_TEST_SECRET });
    }
    expect(await prisma.securityEvent.count({ where: { kind: "webhook.forged" } })).toBe(forgedBefore + 3);
    expect(await linkOf(user.id)).toBeNull();
    expect(await prisma.telegramLinkCode.findUniqueOrThrow({ where: { codeHash: hashLinkCode(code) } })).toMatchObject({
      usedAt: null,
    });

    // With the secret, a body that is no JSON is a 400, and the code still works.
    const broken = await telegram.deliver("{not json", {
      ...json,
      "x-telegram-bot-api-secret-token": TELEGRAM_TEST_SECRET,
    });
    expect(broken.status).toBe(400);
    expect(
      JSON.parse(
        (await telegram.deliver(update, { ...json, "x-telegram-bot-api-secret-token": TELEGRAM_TEST_SECRET })).body,
      ).text,
    ).toContain("Done");
  });

  it("/stop unlinks the chat and says so in the person's language; DELETE unlinks from the site", async () => {
    const { user, cookie } = await person("uk");
    const chatId = newChatId();
    await start(chatId, (await newLink(cookie)).code);
    const stop = await telegram.sendUpdate(chatId, "/stop", { languageCode: "en" });
    expect((stop.body as Reply).text).toContain("Цей чат від’єднано");
    expect(await linkOf(user.id)).toBeNull();
    const again = await telegram.sendUpdate(chatId, "/stop", { languageCode: "en" });
    expect((again.body as Reply).text).toContain("This chat is not linked");

    await start(chatId, (await newLink(cookie)).code);
    expect((await state(cookie)).linked).toBe(true);
    const deleted = await call(unlinkRoute, apiRequest("DELETE", "/api/users/telegram", { cookie }));
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ linked: false });
    expect(await linkOf(user.id)).toBeNull();
    expect((await state(cookie)).linked).toBe(false);
    expect(
      await (await getPrisma()).auditLog.count({ where: { targetId: user.id, action: { startsWith: "telegram." } } }),
    ).toBe(4);
  });

  it("asks for a session, and says when the server has no bot", async () => {
    for (const [route, method, path] of [
      [linkRoute, "POST", "/api/users/telegram/link"],
      [stateRoute, "GET", "/api/users/telegram"],
      [unlinkRoute, "DELETE", "/api/users/telegram"],
    ] as const) {
      const response = await call(route, apiRequest(method, path));
      expect(response.status).toBe(401);
    }
    const { cookie } = await person();
    setEnv({ TELEGRAM_BOT_TOKEN: undefined });
    try {
      const refused = await call(linkRoute, apiRequest("POST", "/api/users/telegram/link", { cookie }));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ key: "Telegram.unavailable" });
      expect(await state(cookie)).toEqual({ available: false, linked: false });
    } finally {
      setEnv({ TELEGRAM_BOT_TOKEN: telegram.token });
    }
  });
});
