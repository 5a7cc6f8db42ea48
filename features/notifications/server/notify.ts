import "server-only";

import { randomUUID } from "node:crypto";
import { createTranslator } from "next-intl";

import { MESSAGES } from "@/i18n/messages";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { attemptInBackground, attemptMail, enqueueMail, ensureMailQueue, type Mail } from "@/lib/mail/outbox";

import { eventOfKind, type NotificationEvent } from "../events";
import { channelsFor, heldUntil, resolveSettings } from "../rules";
import { ensureNotificationQueue, sendDeliveryJob, SENDERS } from "./deliveries";

/**
 * The one door every notification to a person goes through: the feature composes what it says
 * (the mail, in the person's language), and notify decides by the person's choices whether it
 * goes by e-mail, Telegram and push, holds Telegram and push through quiet hours, and queues one
 * delivery per channel and target in the caller's transaction (the mail outbox for e-mail,
 * notification_deliveries for the others), so a notification exists only with the change it
 * tells of. A test (notify-only.test.ts) fails when a feature writes a person's mail another way.
 */
export type Notification = {
  /** The mail, composed in the person's language; its kind names the event (events.ts). */
  mail: Mail;
  /** The page concerned, absolute: the Telegram message's button and the push's click open it. */
  link?: string;
  /** The text for Telegram and push, when the mail's text (without its link) is not it. */
  short?: string;
};

export type Notified = { mailId: string | null; deliveries: number; event: NotificationEvent };

type Tx = Prisma.TransactionClient;

/** Telegram allows 4,096 characters; push payloads about 4 KB, of which a notification shows a few lines. */
const BODY_MAX = { telegram: 3500, push: 600 } as const;

/** Cut by characters, not UTF-16 units: half an emoji would make Telegram refuse the message. */
function clip(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : text;
}

/**
 * Queues the notification for the person `userId` in the caller's transaction. `now` is the
 * clock quiet hours are read on. Throws for a kind no event lists (a programming error).
 */
export async function notify(
  tx: Tx,
  userId: string,
  notification: Notification,
  { now = new Date(), mailTriedNow = false }: { now?: Date; mailTriedNow?: boolean } = {},
): Promise<Notified> {
  const { mail, link } = notification;
  const event = eventOfKind(mail.kind);
  if (!event) throw new Error(`No notification event lists the kind "${mail.kind}" (features/notifications/events.ts)`);
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: {
      notificationSettings: { select: { channels: true, events: true, quietFrom: true, quietTo: true } },
      telegramLink: { select: { chatId: true } },
      pushSubscriptions: { select: { id: true } },
    },
  });
  if (!user) return { mailId: null, deliveries: 0, event };
  const settings = resolveSettings(user.notificationSettings);
  const channels = channelsFor(settings, event);
  const mailId = channels.includes("email") ? await enqueueMail(mail, tx, { triedNow: mailTriedNow }) : null;

  const targets: { channel: "telegram" | "push"; target: string }[] = [];
  if (channels.includes("telegram") && user.telegramLink && SENDERS.telegram.configured())
    targets.push({ channel: "telegram", target: String(user.telegramLink.chatId) });
  if (channels.includes("push") && SENDERS.push.configured())
    for (const { id } of user.pushSubscriptions) targets.push({ channel: "push", target: id });
  if (!targets.length) return { mailId, deliveries: 0, event };

  const notBefore = heldUntil(now, event, settings.quietHours) ?? now;
  // The mail's whole text but its link (the button opens it): a quoted message or the proposed
  // times follow the first paragraph.
  const body = notification.short ?? (link ? mail.text.replace(link, "") : mail.text).trim();
  const dedupeKey = randomUUID();
  for (const { channel, target } of targets) {
    const { id } = await tx.notificationDelivery.create({
      data: {
        userId,
        channel,
        target,
        event,
        kind: mail.kind.slice(0, 60),
        dedupeKey,
        title: clip(mail.subject, 300),
        body: clip(body, BODY_MAX[channel]),
        url: link ?? null,
        locale: mail.locale,
        notBefore,
      },
      select: { id: true },
    });
    await sendDeliveryJob(tx, id, notBefore);
  }
  return { mailId, deliveries: targets.length, event };
}

/**
 * notify in a transaction of its own, for a notification that follows no write of the caller's
 * (a sign-in link, a changed password). `mail: "await"` waits for the mail's first attempt (the
 * caller reports its outcome); "background" tries it after the caller answered (answers whose
 * timing must not say whether a mail was written); "queue" leaves it to the queue.
 */
export async function notifyNow(
  userId: string,
  notification: Notification,
  { mail = "queue" }: { mail?: "await" | "background" | "queue" } = {},
): Promise<Notified> {
  const triedNow = mail !== "queue";
  // Started outside the transaction: on the embedded database its one connection is the transaction's.
  await ensureMailQueue();
  await ensureNotificationQueue();
  const notified = await (
    await getPrisma()
  ).$transaction((tx) => notify(tx, userId, notification, { mailTriedNow: triedNow }));
  if (notified.mailId && mail === "await") await attemptMail(notified.mailId);
  else if (notified.mailId && mail === "background") attemptInBackground(notified.mailId);
  return notified;
}

/** The label of the button that opens the page, in the person's language (Telegram). */
export const openLabel = (locale: "en" | "uk") =>
  createTranslator({ locale, messages: MESSAGES[locale], namespace: "Notifications" })("open");
