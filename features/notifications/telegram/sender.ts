import "server-only";

import { reserveOutsideCall } from "@/lib/jobs/outside-spacing";

import type { ChannelSender, Delivery, SendOutcome } from "../server/channel";
import { chatSlotName, sendMessage, telegramConfigured } from "./api";
import { dropChat } from "./server/chats";

/**
 * The Telegram channel of the delivery worker (../server/deliveries.ts). Telegram allows a bot
 * about 30 messages a second in all and one a second per chat, and answers 429 with retry_after
 * beyond that: each send books a start in both spacings first, across every app instance
 * (lib/jobs/outside-spacing.ts). A slot further away than a short wait is not queued for: the
 * delivery is tried again shortly instead, so a burst to one chat never holds a worker.
 */
export const GLOBAL_SPACING_MS = 34;
export const CHAT_SPACING_MS = 1000;
const GLOBAL_MAX_WAIT_MS = 2000;
const CHAT_MAX_WAIT_MS = 3000;
/** How soon a delivery that found no slot is tried again. */
export const NO_SLOT_RETRY_MS = 1500;

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Waits for a start one a second in the chat and 30 a second in all; false when none is near. */
export async function takeSlots(chatId: string): Promise<boolean> {
  // The chat's slot first: it is the one more often far away, and booking it wastes no global slot.
  const chat = await reserveOutsideCall(chatSlotName(chatId), CHAT_SPACING_MS, CHAT_MAX_WAIT_MS);
  if (!chat) return false;
  await sleep(chat.waitMs);
  const all = await reserveOutsideCall("telegram", GLOBAL_SPACING_MS, GLOBAL_MAX_WAIT_MS);
  if (!all) return false;
  await sleep(all.waitMs);
  return true;
}

async function send(delivery: Delivery): Promise<SendOutcome> {
  if (!(await takeSlots(delivery.target)))
    return { outcome: "retry", error: "no Telegram send slot free", afterMs: NO_SLOT_RETRY_MS };
  return sendMessage({
    chatId: delivery.target,
    title: delivery.title,
    text: delivery.body,
    url: delivery.url,
    locale: delivery.locale,
  });
}

export const telegramSender: ChannelSender = {
  configured: telegramConfigured,
  send,
  // The person blocked the bot (or the chat is no more): the link goes, as if they had sent /stop.
  async forget(tx, delivery) {
    if (/^-?\d{1,20}$/.test(delivery.target)) await dropChat(tx, BigInt(delivery.target), "blocked");
  },
};
