import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { EditableService } from "@/features/listings/answers";
import { editableRow, toEditable } from "@/features/listings/server/listings";
import { getPrisma } from "@/lib/db/server";
import { isUuid } from "@/lib/http/errors";

import { holderOf, lapseIn, type Tx } from "./claim-holder";

/** The hourly job: every verified claim unpaid for CLAIM_PAY_DAYS lapses. Returns how many did. */
export async function lapseUnpaidClaims(now = new Date()): Promise<number> {
  const prisma = await getPrisma();
  const batch = 100;
  let total = 0;
  for (;;) {
    const lapsed = await prisma.$transaction((tx) => lapseIn(tx, now, undefined, batch));
    total += lapsed;
    if (lapsed < batch) break;
  }
  return total;
}

/**
 * Whether the user holds the place's verified claim, not lapsed: then they, and only they, may pay
 * for it (start a payment, or see its order). A payment started in time and settled after the 7 days
 * still completes in takeOverOnPayment: the claim does not lapse under it for CLAIM_PAYMENT_SETTLE_MS.
 */
export async function holdsVerifiedClaim(userId: string, serviceId: string): Promise<boolean> {
  const prisma = await getPrisma();
  return (await holderOf(prisma, serviceId, new Date()))?.userId === userId;
}

/** Whether the user ever claimed the place (a payment of theirs for it was a claimant's). */
export async function claimedBy(tx: Tx, serviceId: string, userId: string): Promise<boolean> {
  return (await tx.serviceClaim.count({ where: { serviceId, userId } })) > 0;
}

/**
 * In the payment's own transaction: the payer's verified claim is completed and the place becomes
 * theirs (owner, claimed, paid) in one write, which the CHECK services_claimed_has_owner wants.
 * False when the claim is no longer verified (an admin rejected it meanwhile): nothing changes.
 */
export async function takeOverOnPayment(tx: Tx, serviceId: string, payerId: string, now: Date): Promise<boolean> {
  const completed = await tx.serviceClaim.updateMany({
    where: { serviceId, userId: payerId, status: "verified" },
    data: { status: "completed", completedAt: now },
  });
  if (completed.count !== 1) return false;
  // Shown again if OpenStreetMap stopped listing it meanwhile: the owner's word that it is there
  // outweighs OSM's silence. A place an admin blocked is not taken over.
  const moved = await tx.service.updateMany({
    where: { id: serviceId, ownerId: null, isBlocked: false },
    data: { ownerId: payerId, claimed: true, claimedAt: now, isPaid: true, paidAt: now, hiddenAt: null },
  });
  return moved.count === 1;
}

/** /placeorder?sto=<id>: the unclaimed place the viewer proved is theirs, to pay for; else null. */
export async function claimedOrder(viewer: Viewer | null, serviceId: string): Promise<EditableService | null> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId) || !(await holdsVerifiedClaim(viewer.id, serviceId))) return null;
  const prisma = await getPrisma();
  const row = await prisma.service.findFirst({ where: { id: serviceId, ownerId: null }, include: editableRow });
  return row ? toEditable(row) : null;
}
