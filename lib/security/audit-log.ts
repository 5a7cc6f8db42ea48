import "server-only";

import type { Prisma } from "@/lib/generated/prisma/client";
import { recordSecurityEvent } from "@/lib/security/security-log";

/**
 * One entry of the audit log: who did it (null for the site itself, or for people removing their
 * own account), what, and to what. Written with the transaction of the change it records, so the
 * two commit or fail together; so is its admin.action event in the security log, which names the
 * action and its target only (the audit entry keeps the details). The target is a kind of record
 * (at most 20 characters: "user", "service"…) and its uuid. An entry of what people do in their
 * own part (a driver confirming a booking, a shop marking a job done) passes `asAdmin: false`: it
 * is audited, and not reported as an admin action.
 */
export async function writeAudit(
  tx: Prisma.TransactionClient,
  actorId: string | null,
  action: string,
  targetType: string,
  targetId: string,
  details: Prisma.InputJsonObject = {},
  options: { asAdmin?: boolean } = {},
): Promise<void> {
  await tx.auditLog.create({ data: { actorId, action, targetType, targetId, details } });
  if (options.asAdmin === false) return;
  // The security log's "admin action" is what an admin did: the site's own entries (an automatic
  // hide) and people removing their own account (both without an actor) stay in the audit log only.
  if (actorId)
    await recordSecurityEvent("admin.action", { userId: actorId, details: { action, targetType, targetId } }, tx);
}
