import "server-only";

import { createHash, randomBytes, randomInt } from "node:crypto";

import { ownsService } from "@/domain/service/server/ownership";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { visitCodeAnswer } from "@/features/reviews/answers";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, BadRequestError, isUuid, NotFoundError } from "@/lib/http/errors";
import { take, tooMany } from "@/lib/security/rate-limit";
import type { z } from "@/lib/zod";

/**
 * One-time visit codes: the owner hands one to a customer, whose review posted with it is marked
 * "Verified visit". Only the SHA-256 of a code is stored, so a database leak reveals none. A code
 * is ten characters from 31 unambiguous letters and digits (about 49 bits): guessing one of a station's few live
 * codes is hopeless. Codes expire after VISIT_CODE_DAYS and work once.
 *
 * An owner must not be able to mint a review army, so two limits apply: THROTTLES.visitCode (20
 * per station per day), and no more codes outstanding (unused, unexpired) than
 * OUTSTANDING_BASE plus the codes customers actually redeemed in the last 30 days. A station
 * whose codes are not being used cannot stockpile them; one whose customers do review earns room
 * in proportion. Each code still needs its own signed-in account (never the owner's); a verified
 * visit lifts no account past what its age and history earn (features/reviews/weight.ts), and a
 * wave of them is caught by the burst rule like any other (features/reviews/burst-rule.ts).
 *
 * A driver whose job from a request for a price is confirmed (by them, by time or by an admin;
 * features/requests/job) is given a code bound to them (userId): they never see it, and their
 * review of that service without a typed code redeems it. Those codes come from confirmed jobs,
 * not the owner's hand, so the owner's cap neither counts them outstanding nor earns room from them.
 */
export const VISIT_CODE_DAYS = 14;
export const OUTSTANDING_BASE = 20;
const EARNED_WINDOW_DAYS = 30;
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

const normalize = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
const hashCode = (code: string) => createHash("sha256").update(normalize(code)).digest("hex");
/** A code that still works: never used and not expired (typed or bound alike). */
const redeemable = (now: Date) => ({ usedAt: null, expiresAt: { gt: now } }) satisfies Prisma.VisitCodeWhereInput;

export async function issueVisitCode(
  viewer: Viewer | null,
  serviceId: string,
): Promise<z.infer<typeof visitCodeAnswer>> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const service = await prisma.service.findUnique({ where: { id: serviceId }, select: { ownerId: true } });
  if (!service) throw new NotFoundError();
  if (!ownsService(viewer, service)) throw new AppError(403, "Review.notYourService");
  const now = Date.now();
  const [outstanding, earned] = await Promise.all([
    prisma.visitCode.count({ where: { serviceId, userId: null, ...redeemable(new Date(now)) } }),
    prisma.visitCode.count({
      where: { serviceId, userId: null, usedAt: { gte: new Date(now - EARNED_WINDOW_DAYS * 86_400_000) } },
    }),
  ]);
  if (outstanding >= OUTSTANDING_BASE + earned) throw tooMany(24 * 3_600_000, "VisitCodes.tooManyOutstanding");
  await take("visitCode", serviceId);
  const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  const code = `${raw.slice(0, 5)}-${raw.slice(5)}`;
  const expiresAt = new Date(now + VISIT_CODE_DAYS * 86_400_000);
  await prisma.visitCode.create({ data: { serviceId, codeHash: hashCode(code), expiresAt } });
  return { code, expiresAt: expiresAt.toISOString(), path: `/service/${serviceId}?code=${code}#review-form` };
}

/**
 * The code a confirmed job binds to its driver for the service that did it (inside the
 * confirmation's transaction): one per request (quoteRequestId is unique).
 */
export async function issueBoundVisitCode(
  tx: Prisma.TransactionClient,
  code: { serviceId: string; userId: string; quoteRequestId: string; expiresAt: Date },
): Promise<void> {
  await tx.visitCode.create({
    // Nobody types this code: it only has to be unique and unguessable.
    data: { ...code, codeHash: createHash("sha256").update(randomBytes(32).toString("hex")).digest("hex") },
  });
}

/**
 * Uses the one code `where` picks for this review, if it still works, and marks the review
 * verified (inside the review's transaction). A conditional update, so a code is used once however
 * many reviews try it at the same moment. Whether it was used.
 */
async function redeem(
  tx: Prisma.TransactionClient,
  where: Prisma.VisitCodeWhereInput,
  reviewId: string,
): Promise<boolean> {
  const now = new Date();
  const { count } = await tx.visitCode.updateMany({
    where: { ...where, ...redeemable(now) },
    data: { usedAt: now, reviewId },
  });
  if (count !== 1) return false;
  await tx.review.update({ where: { id: reviewId }, data: { verified: true } });
  return true;
}

/** Uses the typed code for this review (inside its transaction) or refuses the review with a 400. */
export async function redeemVisitCode(
  tx: Prisma.TransactionClient,
  serviceId: string,
  code: string,
  reviewId: string,
): Promise<void> {
  if (!(await redeem(tx, { codeHash: hashCode(code), serviceId }, reviewId)))
    throw new BadRequestError({ visitCode: "Review.codeInvalid" });
}

/**
 * A review posted without a code: uses a code bound to the reviewer for this service (the one
 * expiring first, when several accepted requests gave more than one), if they hold one that still
 * works. Call only for a review not yet verified, so an edit keeps the other codes. Whether one was used.
 */
export async function redeemBoundVisitCode(
  tx: Prisma.TransactionClient,
  serviceId: string,
  userId: string,
  reviewId: string,
): Promise<boolean> {
  const bound = await tx.visitCode.findFirst({
    where: { serviceId, userId, ...redeemable(new Date()) },
    orderBy: { expiresAt: "asc" },
    select: { id: true },
  });
  return bound !== null && redeem(tx, { id: bound.id }, reviewId);
}
