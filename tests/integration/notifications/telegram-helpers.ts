import { POST as webhookRoute } from "@/app/api/etc/telegram/webhook/route";
import { forgetBotUsername } from "@/features/notifications/telegram/api";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { startFakeTelegram, TELEGRAM_TEST_SECRET, type FakeTelegram } from "../../helpers/fake-telegram";
import { call, makeRequest } from "../../helpers/request";

/**
 * The Telegram stand-in for integration tests: the app is pointed at it (its token, its API,
 * the webhook's secret; the bot's username asked with getMe), and the updates it plays go
 * straight to the webhook's route handler, as there is no server to post them to.
 */
export async function startTelegramForTests(): Promise<FakeTelegram> {
  const telegram = await startFakeTelegram();
  setEnv({
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_BASE: telegram.url,
    TELEGRAM_BOT_USERNAME: undefined,
    TELEGRAM_WEBHOOK_SECRET: TELEGRAM_TEST_SECRET,
    APP_URL: "https://maister.example",
  });
  forgetBotUsername();
  telegram.deliver = async (body, headers) => {
    const response = await call(
      webhookRoute,
      makeRequest("/api/etc/telegram/webhook", {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        body,
      }),
    );
    return { status: response.status, body: await response.text() };
  };
  return telegram;
}

export async function stopTelegramForTests(telegram: FakeTelegram): Promise<void> {
  setEnv({
    TELEGRAM_BOT_TOKEN: undefined,
    TELEGRAM_API_BASE: undefined,
    TELEGRAM_WEBHOOK_SECRET: undefined,
    APP_URL: undefined,
  });
  forgetBotUsername();
  await telegram.close();
}

let chats = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
/** A fresh Telegram chat id (a private chat's id is its person's user id). */
export const newChatId = () => ++chats;

/** Links a chat to a person directly, as a past /start would have. */
export async function linkDirectly(userId: string, chatId: number, username = "someone") {
  const prisma = await getPrisma();
  return prisma.telegramLink.create({ data: { userId, chatId: BigInt(chatId), username } });
}

export async function linkOf(userId: string) {
  return (await getPrisma()).telegramLink.findUnique({ where: { userId } });
}
