import "server-only";

import type { Locale } from "next-intl";

import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * What the delivery worker (deliveries.ts) needs of a channel other than e-mail: Telegram
 * (../telegram/sender.ts) and push (../push/sender.ts) each implement it.
 */
export type Delivery = {
  id: string;
  userId: string;
  /** The chat id (Telegram) or the push subscription's id. */
  target: string;
  kind: string;
  title: string;
  body: string;
  /** The absolute address of the page concerned, opened by the message's button or the notification's click. */
  url: string | null;
  locale: Locale;
  attempts: number;
};

export type SendOutcome =
  | { outcome: "sent" }
  /** A passing failure (network, 5xx, 429): tried again, after `afterMs` when the service said how long (retry_after). */
  | { outcome: "retry"; error: string; afterMs?: number }
  /** The target is no more (the bot blocked, a push subscription 404/410): dropped, with its other deliveries. */
  | { outcome: "gone"; error: string }
  /** Refused for good (a malformed message): failed, not tried again. */
  | { outcome: "refused"; error: string };

export type ChannelSender = {
  /** Whether the channel is set up on this server (its token or keys): without, nothing is queued for it. */
  configured(): boolean;
  send(delivery: Delivery): Promise<SendOutcome>;
  /** Forgets a target that is gone (unlinks the chat, deletes the subscription), in the worker's transaction. */
  forget(tx: Prisma.TransactionClient, delivery: Delivery): Promise<void>;
};
