import "server-only";

import type { Prisma } from "@/lib/generated/prisma/client";
import { writeAudit } from "@/lib/security/audit-log";

import { chatSlotName } from "../api";

/**
 * A chat's link going away, whoever ends it (the person, /stop, a blocked bot, the chat linked
 * to another account): one place, so each way drops the same things. No guard here: the delivery
 * worker calls it too (../sender.ts), and it must not import the accounts' session code.
 */
type Tx = Prisma.TransactionClient;

/**
 * Forgets a chat's link in the caller's transaction, with the deliveries still waiting for that
 * chat (they were meant for the account it no longer belongs to). Returns whose link it was.
 */
export async function dropChat(tx: Tx, chatId: bigint, reason: string): Promise<string | null> {
  const link = await tx.telegramLink.findUnique({ where: { chatId }, select: { userId: true } });
  if (!link) return null;
  await tx.telegramLink.delete({ where: { chatId } });
  await dropPendingDeliveries(tx, String(chatId), reason, { userId: link.userId });
  await tx.outsideCallSlot.deleteMany({ where: { name: chatSlotName(String(chatId)) } });
  await writeAudit(tx, link.userId, "telegram.unlinked", "user", link.userId, { reason }, { asAdmin: false });
  return link.userId;
}

/** Pending Telegram deliveries to `target` (of one person, or of all but one) are dropped. */
export async function dropPendingDeliveries(
  tx: Tx,
  target: string,
  reason: string,
  who: { userId: string } | { notUserId: string },
): Promise<void> {
  await tx.notificationDelivery.updateMany({
    where: {
      channel: "telegram",
      target,
      status: "pending",
      userId: "userId" in who ? who.userId : { not: who.notUserId },
    },
    data: { status: "dropped", claimedUntil: null, error: `unlinked: ${reason}` },
  });
}
