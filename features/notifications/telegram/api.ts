import "server-only";

import type { Locale } from "next-intl";

import { env } from "@/lib/env";
import { translate } from "@/lib/http/answers";
import { log } from "@/lib/log";
import { escapeHtml } from "@/lib/mail/outbox";

import type { SendOutcome } from "../server/channel";

/**
 * A small client of Telegram's Bot API (https://core.telegram.org/bots/api): the two calls the
 * channel needs, sendMessage and getMe, as JSON over fetch with a timeout. The token is part of
 * the address (…/bot<token>/<method>), so an address is never logged.
 */
const TIMEOUT_MS = 10_000;

type Failure = {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
};
type Answer<T> = { ok: true; result: T } | Failure;

/** An answer of the Bot API: its HTTP status and body, or the network failure that kept it away. */
type Reply<T> = { status: number; answer: Answer<T> | null } | { status: 0; error: string };

export const telegramConfigured = () => Boolean(env.TELEGRAM_BOT_TOKEN);

/** The spacing row of one chat in outside_call_slots (../sender.ts). */
export const chatSlotName = (chatId: string) => `telegram:${chatId}`;

async function callApi<T>(method: string, params: Record<string, unknown>): Promise<Reply<T>> {
  const token = env.TELEGRAM_BOT_TOKEN;
  if (!token) return { status: 0, error: "TELEGRAM_BOT_TOKEN is not set" };
  const base = env.TELEGRAM_API_BASE.replace(/\/+$/, "");
  try {
    const response = await fetch(`${base}/bot${token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as Answer<T> | null;
    return { status: response.status, answer: answer && typeof answer === "object" ? answer : null };
  } catch (error) {
    // A timeout or a refused connection: nothing is known of whether Telegram got it.
    return { status: 0, error: error instanceof Error ? error.name : String(error) };
  }
}

/** A 400 that means the chat itself is no more (deleted, or never reachable): as gone as a 403. */
const CHAT_GONE = /chat not found|user not found|bot was kicked|chat was deactivated|peer_id_invalid/i;

/** What an answer of sendMessage means for the delivery (channel.ts's outcomes). */
export function outcomeOf(reply: Reply<unknown>): SendOutcome {
  if (reply.status === 0) return { outcome: "retry", error: `network: ${"error" in reply ? reply.error : ""}` };
  const answer = "answer" in reply ? reply.answer : null;
  if (reply.status === 200 && answer?.ok) return { outcome: "sent" };
  const description = answer && !answer.ok ? String(answer.description ?? "") : "";
  const error = `${reply.status} ${description}`.trim();
  if (reply.status === 429) {
    const after = answer && !answer.ok ? Number(answer.parameters?.retry_after) : NaN;
    return Number.isFinite(after) && after > 0
      ? { outcome: "retry", error, afterMs: Math.ceil(after * 1000) }
      : { outcome: "retry", error };
  }
  // 401: the token was revoked or mistyped; once it is put right, what waited goes out.
  if (reply.status >= 500 || reply.status === 401) return { outcome: "retry", error };
  // 403: the person blocked the bot, or their account was deactivated.
  if (reply.status === 403 || (reply.status === 400 && CHAT_GONE.test(description))) return { outcome: "gone", error };
  return { outcome: "refused", error };
}

export type TelegramMessage = {
  chatId: string | number | bigint;
  /** Plain text: escaped here for parse_mode HTML. */
  text: string;
  /** A bold first line. */
  title?: string;
  /** The page the button opens. */
  url?: string | null;
  locale: Locale;
};

/**
 * The button's label: the key notify.ts's openLabel reads. Not that function itself: notify.ts
 * imports the delivery worker, which imports this channel, and the project allows no import cycle.
 */
const openButtonLabel = (locale: Locale) => translate(locale, "Notifications.open");

/**
 * The body of a sendMessage. Telegram refuses a button whose URL is not https (it refuses
 * localhost and plain http outright, failing the whole message): such a link goes in the text.
 */
export function messageBody({ chatId, text, title, url, locale }: TelegramMessage): Record<string, unknown> {
  const button = url && url.startsWith("https://");
  const parts = [title ? `<b>${escapeHtml(title)}</b>` : "", escapeHtml(text), url && !button ? escapeHtml(url) : ""];
  return {
    chat_id: String(chatId),
    text: parts.filter(Boolean).join("\n\n"),
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    ...(button ? { reply_markup: { inline_keyboard: [[{ text: openButtonLabel(locale), url }]] } } : {}),
  };
}

export async function sendMessage(message: TelegramMessage): Promise<SendOutcome> {
  const outcome = outcomeOf(await callApi("sendMessage", messageBody(message)));
  if (outcome.outcome !== "sent")
    log.info({ area: "telegram", outcome: outcome.outcome, error: outcome.error }, "sendMessage not sent");
  return outcome;
}

let username: Promise<string | null> | null = null;

/**
 * The bot's username for t.me links: TELEGRAM_BOT_USERNAME, else asked of Telegram (getMe) once
 * per process. A failed ask is not kept: the next caller asks again.
 */
export function botUsername(): Promise<string | null> {
  if (env.TELEGRAM_BOT_USERNAME) return Promise.resolve(env.TELEGRAM_BOT_USERNAME);
  username ??= callApi<{ username?: string }>("getMe", {}).then((reply) => {
    const answer = "answer" in reply ? reply.answer : null;
    const name = answer?.ok ? (answer.result.username ?? null) : null;
    if (!name) {
      username = null;
      log.warn({ area: "telegram", status: reply.status }, "getMe failed: no bot username");
    }
    return name;
  });
  return username;
}

/** Forgets the cached username (tests that change the bot). */
export function forgetBotUsername(): void {
  username = null;
}
