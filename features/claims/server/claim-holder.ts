import "server-only";

import { localePath, MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import type { Prisma } from "@/lib/generated/prisma/client";

import type { ClaimStatus } from "../answers";
import {
  AUTO_REASONS,
  CLAIM_PAY_DAYS,
  CLAIM_PAY_WINDOW_MS,
  CLAIM_PAYMENT_SETTLE_MS,
  claimHoldsAt,
  holdingCutoff,
} from "../rules";
import { notifyClaim } from "./claim-mail";

/**
 * Claiming a listing. A place imported from OpenStreetMap that nobody holds is claimed by a code
 * mailed to the place's own address (six digits, 15 minutes, one use, five wrong tries per claim),
 * or, without an address, by an admin's decision. A claim on a listing someone holds (its owner,
 * or a claimant who proved it) is a dispute for an admin, and its holder hears nothing until the
 * admin decides. A proved ("verified") claimant pays the fee with the usual order flow, and the
 * payment's transaction makes the place theirs (takeOverOnPayment). The partial unique index
 * service_claims_one_holder_idx keeps one verified claim per listing whatever races. A verified
 * claim holds the place for CLAIM_PAY_DAYS, or after them through the settling day of a payment
 * its claimant started within them (holdsNow, the one answer to who holds a place): unpaid by then
 * it lapses, wherever who holds the place is decided (a new claim, a verification, the right to
 * pay, the claimant's own view, an admin's approval) and hourly for all (lapseUnpaidClaims), so it
 * cannot keep the real owner out for ever.
 */

export type Tx = Prisma.TransactionClient;

/**
 * Whether the claimant started paying for the place while their claim held it, and that payment is
 * still settling and younger than CLAIM_PAYMENT_SETTLE_MS: the claim keeps the place for it.
 */
async function paymentSettling(
  db: Tx,
  claim: { serviceId: string; userId: string; verifiedAt: Date | null },
  now: Date,
): Promise<boolean> {
  if (!claim.verifiedAt) return false;
  const settling = await db.payment.count({
    where: {
      serviceId: claim.serviceId,
      userId: claim.userId,
      status: "created",
      createdAt: {
        gt: new Date(now.getTime() - CLAIM_PAYMENT_SETTLE_MS),
        lt: new Date(claim.verifiedAt.getTime() + CLAIM_PAY_WINDOW_MS),
      },
    },
  });
  return settling > 0;
}

type HeldBy = { status: ClaimStatus; serviceId: string; userId: string; verifiedAt: Date | null };

/**
 * Whether a claim holds its place at `now`: verified, and within its CLAIM_PAY_DAYS (claimHoldsAt)
 * or, after them, in the settling day of a payment its claimant started within them. The one
 * answer for the lapse, the right to pay, the claim box's `held`, a new claim, a verification, and
 * the admin queue and decision.
 */
export async function holdsNow(db: Tx, claim: HeldBy, now: Date): Promise<boolean> {
  if (claim.status !== "verified") return false;
  return claimHoldsAt(claim.verifiedAt, now) || paymentSettling(db, claim, now);
}

/** The claim holding the place at `now`, if any (one verified claim per listing, by the unique index). */
export async function holderOf(db: Tx, serviceId: string, now: Date) {
  const verified = await db.serviceClaim.findFirst({
    where: { serviceId, status: "verified" },
    select: { id: true, status: true, serviceId: true, userId: true, verifiedAt: true },
  });
  return verified && (await holdsNow(db, verified, now)) ? verified : null;
}

/**
 * Lapses the verified claims unpaid for CLAIM_PAY_DAYS, of one listing or of all (oldest first, at
 * most `limit`): rejected with the reason their claimant reads, and each claimant mailed in their
 * language with the way back to the place. In the caller's transaction, whose listing lock (when
 * it decides who holds one) makes the place free for the claim or verification that follows; the
 * status in the condition lets a payment or another lapse that got there first win, with one mail.
 */
export async function lapseIn(tx: Tx, now: Date, serviceId?: string, limit = 100): Promise<number> {
  const stale = await tx.serviceClaim.findMany({
    where: {
      ...(serviceId ? { serviceId } : {}),
      status: "verified",
      // A verified claim without its time (never written so) holds nothing either (claimHoldsAt).
      OR: [{ verifiedAt: { lte: holdingCutoff(now) } }, { verifiedAt: null }],
    },
    include: { user: MAIL_RECIPIENT, service: { select: { id: true, name: true } } },
    orderBy: [{ verifiedAt: "asc" }, { id: "asc" }],
    take: limit,
  });
  let lapsed = 0;
  for (const claim of stale) {
    // A payment started while the claim held the place, still settling and under a day old: it waits.
    if (await holdsNow(tx, claim, now)) continue;
    const done = await tx.serviceClaim.updateMany({
      where: { id: claim.id, status: "verified" },
      data: { status: "rejected", reason: AUTO_REASONS.notPaidInTime, decidedAt: now, codeHash: null },
    });
    if (done.count !== 1) continue;
    lapsed++;
    await notifyClaim(
      tx,
      claim.user.id,
      "lapsed",
      claim.user.email,
      claim.user.locale,
      { name: claim.user.name, station: claim.service.name, days: CLAIM_PAY_DAYS },
      localePath(claim.user.locale, `/service/${claim.service.id}`),
    );
  }
  return lapsed;
}
