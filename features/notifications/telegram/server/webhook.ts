import "server-only";

import { createHash, timingSafeEqual } from "node:crypto";
import type { Locale } from "next-intl";

import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { parseJson, translate } from "@/lib/http/answers";
import { AppError, isUniqueViolation } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { writeAudit } from "@/lib/security/audit-log";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { appUrl, localizedPaths } from "@/lib/site";

import type { TelegramWebhookReply } from "../answers";
import { LINK_CODE, telegramUpdate } from "../schema";
import { dropChat, dropPendingDeliveries } from "./chats";
import { hashLinkCode } from "./link";

/**
 * POST /api/etc/telegram/webhook: the bot's updates. Telegram sends the secret_token given to
 * setWebhook in X-Telegram-Bot-Api-Secret-Token; without TELEGRAM_WEBHOOK_SECRET nothing is
 * accepted (a webhook anyone can post to would link chats at will). Handled: `/start <code>`
 * links the chat to the code's owner, `/start` greets, `/stop` unlinks; the rest is ignored.
 *
 * The reply to the chat is the answer itself (a Bot API call in the webhook's answer, which
 * Telegram performs): no call out while Telegram waits, so the answer is quick, and no send
 * can fail after the link was written.
 */
type Headers = { get(name: string): string | null };

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Equal secrets, compared in constant time (the digests have one length whatever was sent). */
export function secretMatches(given: string | null): boolean {
  const expected = env.TELEGRAM_WEBHOOK_SECRET;
  if (!expected || !given) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** The language of a chat that belongs to nobody yet: Telegram's language of the sender's app. */
export function chatLocale(languageCode: string | undefined): Locale {
  const code = (languageCode ?? "").toLowerCase().split("-")[0];
  // Those who read Russian in Ukraine mostly read Ukrainian; the product has no Russian.
  return code === "uk" || code === "ru" ? "uk" : "en";
}

const profileUrl = (locale: Locale) => `${appUrl()}${localizedPaths("/profile")[locale]}`;

function reply(chatId: number, locale: Locale, key: string, values: Record<string, string> = {}): TelegramWebhookReply {
  return {
    method: "sendMessage",
    chat_id: chatId,
    // Plain text (no parse_mode): a name or a URL is shown as written.
    text: translate(locale, `Telegram.${key}`, { url: profileUrl(locale), ...values }),
    link_preview_options: { is_disabled: true },
  };
}

const IGNORED = { ignored: true } as const;

const START = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/;
const STOP = /^\/stop(?:@[A-Za-z0-9_]+)?\s*$/;

export async function handleTelegramWebhook(
  raw: Uint8Array,
  headers: Headers,
  now = new Date(),
): Promise<TelegramWebhookReply> {
  if (!secretMatches(headers.get("x-telegram-bot-api-secret-token"))) {
    log.warn({ area: "telegram", bytes: raw.byteLength }, "webhook secret refused");
    await recordSecurityEvent("webhook.forged", { userId: null, status: 401, details: { provider: "telegram" } });
    throw new AppError(401, "Telegram.webhookRefused");
  }
  const parsed = telegramUpdate.safeParse(parseJson(raw));
  if (!parsed.success) throw new AppError(400, "Api.badRequest");
  const message = parsed.data.message;
  // Only a person's own chat with the bot: a group would hear one member's notifications.
  if (!message?.text || message.chat.type !== "private" || message.from?.is_bot) return IGNORED;
  const chatId = message.chat.id;
  const locale = chatLocale(message.from?.language_code);
  const start = START.exec(message.text.trim());
  if (start) {
    const code = start[1];
    if (!code) return reply(chatId, locale, "greeting");
    const linked = await linkChat(code, chatId, message.from?.username ?? null, now);
    if (!linked) return reply(chatId, locale, "invalidCode");
    return reply(chatId, linked.locale, "linked", { name: linked.name });
  }
  if (STOP.test(message.text.trim())) {
    const prisma = await getPrisma();
    const userId = await prisma.$transaction((tx) => dropChat(tx, BigInt(chatId), "stop"));
    if (!userId) return reply(chatId, locale, "notLinked");
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { locale: true } });
    return reply(chatId, user?.locale ?? locale, "stopped");
  }
  return IGNORED;
}

type Linked = { userId: string; name: string; locale: Locale };

/**
 * Uses a code: when it is known, unused, unexpired and its owner not blocked, marks it used and
 * links the chat to its owner, in one transaction. The code's row is locked first, so the same
 * code sent twice at once links once; the second finds it used. A chat linked to another
 * account moves to this one (whoever holds the chat and a valid code of an account is that
 * account's person in Telegram); the account's previous chat, if any, is replaced.
 */
async function linkChat(code: string, chatId: number, username: string | null, now: Date): Promise<Linked | null> {
  if (!LINK_CODE.test(code)) return null;
  const prisma = await getPrisma();
  for (let attempt = 0; ; attempt++) {
    try {
      return await prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<{ userId: string; expiresAt: Date; usedAt: Date | null }[]>`
          SELECT "userId", "expiresAt", "usedAt" FROM telegram_link_codes WHERE "codeHash" = ${hashLinkCode(code)} FOR UPDATE`;
        if (!row) return null;
        if (row.usedAt) {
          // Telegram sends an update again when our answer to it was lost: the chat this code
          // linked is told it is linked, not that its link no longer works.
          const linked = await tx.telegramLink.findFirst({
            where: { chatId: BigInt(chatId), userId: row.userId },
            select: { user: { select: { id: true, name: true, locale: true, isBlocked: true } } },
          });
          if (linked && !linked.user.isBlocked)
            return { userId: linked.user.id, name: linked.user.name, locale: linked.user.locale };
        }
        if (row.usedAt || row.expiresAt <= now) {
          log.info({ area: "telegram", used: Boolean(row.usedAt) }, "link code refused");
          if (row.usedAt)
            await recordSecurityEvent(
              "webhook.replayed",
              { userId: row.userId, details: { provider: "telegram" } },
              tx,
            );
          return null;
        }
        const user = await tx.user.findUnique({
          where: { id: row.userId },
          select: { id: true, name: true, locale: true, isBlocked: true },
        });
        await tx.telegramLinkCode.update({ where: { codeHash: hashLinkCode(code) }, data: { usedAt: now } });
        if (!user || user.isBlocked) return null;
        const chat = BigInt(chatId);
        const holder = await tx.telegramLink.findUnique({ where: { chatId: chat }, select: { userId: true } });
        if (holder && holder.userId !== user.id) await dropChat(tx, chat, "linkedToAnotherAccount");
        const previous = await tx.telegramLink.findUnique({ where: { userId: user.id }, select: { chatId: true } });
        if (previous && previous.chatId !== chat) await dropChat(tx, previous.chatId, "replaced");
        await tx.telegramLink.upsert({
          where: { userId: user.id },
          create: { userId: user.id, chatId: chat, username, linkedAt: now },
          update: { chatId: chat, username, linkedAt: now },
        });
        // Nothing another account queued for this chat before it changed hands goes to it.
        await dropPendingDeliveries(tx, String(chat), "linkedToAnotherAccount", { notUserId: user.id });
        await writeAudit(tx, user.id, "telegram.linked", "user", user.id, {}, { asAdmin: false });
        return { userId: user.id, name: user.name, locale: user.locale };
      });
    } catch (error) {
      // Two codes for one chat at the same instant: the loser's unique check fails; once more sees the winner's row.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
