import "server-only";

import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";

/**
 * Refuses, inside the caller's transaction, a change that would leave no active (unblocked)
 * admin: demoting, blocking or deleting `userId`. The active admins' rows are locked first, so two
 * admins removing each other at once are serialised and the second one is refused (PostgreSQL
 * re-reads a locked row after waiting, and the first one's change has made it stop matching).
 */
export async function keepAnActiveAdmin(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  const admins = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM users WHERE "isAdmin" AND NOT "isBlocked" ORDER BY id FOR UPDATE`;
  if (!admins.some((admin) => admin.id === userId)) return;
  if (admins.length <= 1) throw new AppError(409, "Admin.lastAdmin");
}
