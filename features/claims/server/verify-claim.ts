import "server-only";

import { timingSafeEqual } from "node:crypto";
import type { Locale } from "next-intl";

import { lockServices } from "@/domain/service/server/ownership";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { AppError, isUniqueViolation, isUuid, NotFoundError } from "@/lib/http/errors";
import { currentRequest } from "@/lib/http/request-context";
import { parseOrThrow } from "@/lib/http/validate";
import { countAttempt, tooMany } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";

import type { ClaimView } from "../answers";
import { AUTO_REASONS, CLAIM_CODE_MAX_TRIES } from "../rules";
import { claimCodeInput } from "../schema";
import { holderOf, lapseIn } from "./claim-holder";
import { codeHash, viewOf } from "./claim-view";

function sameHash(stored: string | null, given: string): boolean {
  if (!stored || stored.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/** A wrong code: a 400 whose answer says how many tries are left (0: the claim has ended). */
export class WrongClaimCode extends AppError {
  constructor(readonly triesLeft: number) {
    super(400, triesLeft > 0 ? "Claims.codeWrong" : "Claims.codeLocked");
  }
}

/**
 * POST /api/items/{id}/claim/verify { code }. Every try is counted before the code is compared
 * (per account and per client address, and on the claim itself), so parallel guesses get five in
 * all. The right code, in time, once: the claim is verified, unless someone else was verified in
 * between, when it becomes a dispute for an admin (409).
 */
export async function verifyClaim(
  viewer: Viewer | null,
  serviceId: string,
  body: unknown,
  locale: Locale,
): Promise<ClaimView> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const { code } = parseOrThrow(claimCodeInput, body);
  const prisma = await getPrisma();
  const claim = await prisma.serviceClaim.findFirst({
    where: { serviceId, userId: viewer.id, status: "code_sent" },
    orderBy: { createdAt: "desc" },
  });
  if (!claim) throw new AppError(404, "Claims.noCode");
  for (const [name, key] of [
    ["claimVerify", viewer.id],
    ["claimVerifyAddress", currentRequest()?.ip ?? ""],
  ] as const) {
    const attempt = await countAttempt(name, key);
    if (!attempt.allowed) throw tooMany(attempt.msBeforeNext);
  }
  const now = new Date();
  if (!claim.codeExpiresAt || claim.codeExpiresAt <= now) throw new AppError(410, "Claims.codeExpired");
  const counted = await prisma.serviceClaim.updateMany({
    where: { id: claim.id, status: "code_sent", codeAttempts: { lt: CLAIM_CODE_MAX_TRIES } },
    data: { codeAttempts: { increment: 1 } },
  });
  const tried = await prisma.serviceClaim.findUniqueOrThrow({ where: { id: claim.id } });
  if (counted.count !== 1 || tried.status !== "code_sent") throw new AppError(410, "Claims.codeUsed");
  if (!sameHash(tried.codeHash, codeHash(claim.id, code))) {
    const triesLeft = Math.max(0, CLAIM_CODE_MAX_TRIES - tried.codeAttempts);
    if (triesLeft === 0)
      await prisma.serviceClaim.updateMany({
        where: { id: claim.id, status: "code_sent" },
        data: { status: "rejected", reason: AUTO_REASONS.tooManyTries, codeHash: null, decidedAt: now },
      });
    await recordSecurityEvent("claim.codeFailed", {
      userId: viewer.id,
      status: 400,
      details: { serviceId, claimId: claim.id, triesLeft, locked: triesLeft === 0 },
    });
    throw new WrongClaimCode(triesLeft);
  }
  const outcome = await verifyRight(prisma, claim.id, serviceId, tried.codeHash!, now).catch(async (error) => {
    if (!isUniqueViolation(error)) throw error;
    // Another claimant's code was verified in the same moment: an admin decides between them.
    await toDispute(prisma, claim.id);
    return "dispute" as const;
  });
  if (outcome === "used") throw new AppError(410, "Claims.codeUsed");
  if (outcome === "dispute") throw new AppError(409, "Claims.someoneVerified");
  return viewOf(await prisma.serviceClaim.findUniqueOrThrow({ where: { id: claim.id } }), locale);
}

type Db = Awaited<ReturnType<typeof getPrisma>>;

function toDispute(prisma: Db, claimId: string) {
  return prisma.serviceClaim.updateMany({
    where: { id: claimId, status: "code_sent" },
    data: { status: "pending", dispute: true, codeHash: null },
  });
}

async function verifyRight(
  prisma: Db,
  claimId: string,
  serviceId: string,
  hash: string,
  now: Date,
): Promise<"verified" | "used" | "dispute"> {
  const { outcome } = await prisma.$transaction(async (tx) => {
    await lockServices(tx, [serviceId]);
    // A holder unpaid too long lapses first: the place is free, and the unique index lets this one in.
    const lapsed = await lapseIn(tx, now, serviceId);
    const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { ownerId: true } });
    const holder = await holderOf(tx, serviceId, now);
    if (service.ownerId || holder) return { outcome: "dispute" as const, lapsed };
    // The code's hash in the condition: it is spent by the one request that flips the status.
    const done = await tx.serviceClaim.updateMany({
      where: { id: claimId, status: "code_sent", codeHash: hash },
      data: { status: "verified", verifiedAt: now, codeHash: null },
    });
    return { outcome: done.count === 1 ? ("verified" as const) : ("used" as const), lapsed };
  });
  if (outcome === "dispute") await toDispute(prisma, claimId);
  return outcome;
}
