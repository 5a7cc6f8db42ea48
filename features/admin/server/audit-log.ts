import "server-only";

import type { Prisma } from "@/lib/generated/prisma/client";

type AuditTarget = "user" | "service" | "review";

/**
 * One entry of the audit log: who did it (null for the site itself, or for people removing their
 * own account), what, and to what. Written with the transaction of the change it records, so the
 * two commit or fail together.
 */
export async function writeAudit(
  tx: Prisma.TransactionClient,
  actorId: string | null,
  action: string,
  targetType: AuditTarget,
  targetId: string,
  details: Prisma.InputJsonObject = {},
): Promise<void> {
  await tx.auditLog.create({ data: { actorId, action, targetType, targetId, details } });
}
