import "server-only";

import { randomInt, timingSafeEqual } from "node:crypto";
import { createTranslator, type Locale } from "next-intl";

import { lockServices } from "@/domain/service/server/ownership";
import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { editableRow, toEditable, type EditableService } from "@/features/listings/server/listings";
import { addressesChangedRecently, claimCodeAddress } from "@/features/osm/server/claim-address";
import { isMessageKey } from "@/i18n/message-key";
import { MESSAGES } from "@/i18n/messages";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { translate } from "@/lib/http/answers";
import { AppError, isUniqueViolation, isUuid, NotFoundError } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE, adminPage } from "@/lib/http/pagination";
import { currentRequest } from "@/lib/http/request-context";
import { parseOrThrow } from "@/lib/http/validate";
import { keyedHash } from "@/lib/security/app-secret";
import { writeAudit } from "@/lib/security/audit-log";
import { countAttempt, take, tooMany } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { z } from "@/lib/zod";

import {
  AUTO_REASONS,
  CLAIM_CODE_MAX_TRIES,
  CLAIM_CODE_TTL_MS,
  CLAIM_PAY_DAYS,
  CLAIM_PAY_WINDOW_MS,
  CLAIM_PAYMENT_SETTLE_MS,
  claimHoldsAt,
  holdingCutoff,
  maskAddress,
  OPEN_CLAIM_STATUSES,
  type ClaimStatus,
  type ClaimView,
} from "../rules";
import { claimCodeInput, claimDecisionInput, claimInput } from "../schema";
import { mailClaim } from "./claim-mail";

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

type Tx = Prisma.TransactionClient;
type ClaimRow = Prisma.ServiceClaimGetPayload<object>;

/** A claim's reason as people read it: the site's own reasons are message keys, an admin's are text. */
function readableReason(reason: string, locale: Locale): string {
  if (reason === AUTO_REASONS.notPaidInTime)
    return createTranslator({ locale, messages: MESSAGES[locale], namespace: "Claims.autoReason" })("notPaidInTime", {
      days: CLAIM_PAY_DAYS,
    });
  return reason && isMessageKey(MESSAGES[locale], reason) ? translate(locale, reason) : reason;
}

function viewOf(claim: ClaimRow, locale: Locale): ClaimView {
  return {
    _id: claim.id,
    status: claim.status,
    dispute: claim.dispute,
    message: claim.message,
    sentTo: claim.status === "code_sent" && claim.codeSentTo ? maskAddress(claim.codeSentTo) : null,
    expiresAt: claim.status === "code_sent" ? (claim.codeExpiresAt?.toISOString() ?? null) : null,
    triesLeft: claim.status === "code_sent" ? Math.max(0, CLAIM_CODE_MAX_TRIES - claim.codeAttempts) : null,
    reason: readableReason(claim.reason, locale),
    lapsed: claim.status === "rejected" && claim.reason === AUTO_REASONS.notPaidInTime,
    createdAt: claim.createdAt.toISOString(),
  };
}

const codeHash = (claimId: string, code: string) => keyedHash("claim-code", `${claimId}|${code}`);

function sameHash(stored: string | null, given: string): boolean {
  if (!stored || stored.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/** Claims and decisions on one listing wait for each other: the listing's row is the lock. */
const lockService = (tx: Tx, serviceId: string) => lockServices(tx, [serviceId]);

const person = { select: { id: true, name: true, email: true, locale: true } } as const;

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
async function holdsNow(db: Tx, claim: HeldBy, now: Date): Promise<boolean> {
  if (claim.status !== "verified") return false;
  return claimHoldsAt(claim.verifiedAt, now) || paymentSettling(db, claim, now);
}

/** The claim holding the place at `now`, if any (one verified claim per listing, by the unique index). */
async function holderOf(db: Tx, serviceId: string, now: Date) {
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
async function lapseIn(tx: Tx, now: Date, serviceId?: string, limit = 100): Promise<number> {
  const stale = await tx.serviceClaim.findMany({
    where: {
      ...(serviceId ? { serviceId } : {}),
      status: "verified",
      // A verified claim without its time (never written so) holds nothing either (claimHoldsAt).
      OR: [{ verifiedAt: { lte: holdingCutoff(now) } }, { verifiedAt: null }],
    },
    include: { user: person, service: { select: { id: true, name: true } } },
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
    await mailClaim(
      tx,
      "lapsed",
      claim.user.email,
      claim.user.locale,
      { name: claim.user.name, station: claim.service.name, days: CLAIM_PAY_DAYS },
      localePath(claim.user.locale, `/service/${claim.service.id}`),
    );
  }
  return lapsed;
}

/** The lapse of one listing's unpaid claim, before what reads who holds it outside a transaction. */
async function lapseOnListing(serviceId: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockService(tx, serviceId);
    return lapseIn(tx, new Date(), serviceId);
  });
}

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

/** The listing to claim: public (or about to be claimed), a station; the viewer's own is no claim. */
async function claimableService(viewer: Viewer, serviceId: string) {
  if (!isUuid(serviceId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const service = await prisma.service.findUnique({
    where: { id: serviceId },
    select: {
      id: true,
      name: true,
      role: true,
      ownerId: true,
      isPaid: true,
      isBlocked: true,
      hiddenAt: true,
      contactMail: true,
    },
  });
  if (!service || service.isBlocked || service.hiddenAt) throw new NotFoundError();
  // A master's profile is a person, not a business on the map: there is nothing to claim.
  if (service.role !== "sto") throw new AppError(400, "Claims.notClaimable");
  if (service.ownerId === viewer.id) throw new AppError(409, "Claims.alreadyYours");
  // An owner's draft nobody can see is not there to claim either.
  if (service.ownerId && !service.isPaid) throw new NotFoundError();
  return service;
}

/**
 * GET /api/items/{id}/claim: the viewer's latest claim on the place (null if none), whether it is
 * theirs, and whether someone else holds it (its owner, or another person's verified claim that has
 * not lapsed), so the claim box says before they submit that a claim now goes to an administrator.
 */
export async function myClaim(
  viewer: Viewer | null,
  serviceId: string,
  locale: Locale,
): Promise<{ claim: ClaimView | null; yours: boolean; held: boolean }> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const latest = () =>
    prisma.serviceClaim.findFirst({
      where: { serviceId, userId: viewer.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
  const now = new Date();
  const [service, found, holder] = await Promise.all([
    prisma.service.findUnique({ where: { id: serviceId }, select: { ownerId: true } }),
    latest(),
    holderOf(prisma, serviceId, now),
  ]);
  if (!service) throw new NotFoundError();
  let claim = found;
  // Their own claim ran out of time before any job saw it: it lapses now, so they read what happened.
  if (claim?.status === "verified" && claim.id !== holder?.id) {
    await lapseOnListing(serviceId);
    claim = await latest();
  }
  const held = service.ownerId ? service.ownerId !== viewer.id : Boolean(holder && holder.userId !== viewer.id);
  return { claim: claim ? viewOf(claim, locale) : null, yours: service.ownerId === viewer.id, held };
}

/**
 * POST /api/items/{id}/claim { message }. A new claim: by code when the place is unheld and has an
 * address, to the admin queue when it has none, a dispute when someone holds it. The viewer's own
 * claim still waiting for its code is sent a fresh code instead (the "send again" of the panel; the
 * earlier code stops working, wrong tries still count); any other open claim of theirs is a 409.
 */
export async function claimListing(
  viewer: Viewer | null,
  serviceId: string,
  body: unknown,
  locale: Locale,
): Promise<ClaimView> {
  requireAccess(viewer, "signedIn");
  const service = await claimableService(viewer, serviceId);
  const { message } = parseOrThrow(claimInput, body);
  // A claim that held the place unpaid too long is no longer in the way (nor the viewer's own open claim).
  await lapseOnListing(serviceId);
  const prisma = await getPrisma();
  const open = await prisma.serviceClaim.findFirst({
    where: { serviceId, userId: viewer.id, status: { in: [...OPEN_CLAIM_STATUSES] } },
  });
  if (open && open.status !== "code_sent") throw new AppError(409, "Claims.alreadyOpen");
  // Counted before the database is written (a second connection would wait for it on PGlite):
  // new claims per account, codes per claim, and codes to the place's address from anyone.
  await (open ? take("claimCode", open.id) : take("claim", viewer.id));
  // An address freshly edited on OpenStreetMap proves nothing: the claim then goes to an admin.
  const address = await claimCodeAddress(service);
  if (address && !service.ownerId) await take("claimCodeAddress", address.toLowerCase());

  const claimant = await prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: { name: true, locale: true },
  });
  const claim = await prisma.$transaction(async (tx) => {
    await lockService(tx, serviceId);
    const current = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { ownerId: true } });
    if (current.ownerId === viewer.id) throw new AppError(409, "Claims.alreadyYours");
    const mine = await tx.serviceClaim.findFirst({
      where: { serviceId, userId: viewer.id, status: { in: [...OPEN_CLAIM_STATUSES] } },
    });
    if (mine && (mine.id !== open?.id || mine.status !== "code_sent")) throw new AppError(409, "Claims.alreadyOpen");
    const holder = current.ownerId ?? (await holderOf(tx, serviceId, new Date()))?.userId;
    if (mine && (holder || !address)) {
      // Someone came to hold the place since the code went out, or its address is gone: an admin decides.
      return tx.serviceClaim.update({
        where: { id: mine.id },
        data: { status: "pending", dispute: Boolean(holder), codeHash: null, message },
      });
    }
    if (!mine && (holder || !address))
      return tx.serviceClaim.create({
        data: { serviceId, userId: viewer.id, message, status: "pending", dispute: Boolean(holder) },
      });
    const row =
      mine ?? (await tx.serviceClaim.create({ data: { serviceId, userId: viewer.id, message, status: "code_sent" } }));
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const sent = await tx.serviceClaim.update({
      where: { id: row.id },
      data: {
        message,
        codeHash: codeHash(row.id, code),
        codeSentTo: address.slice(0, 100),
        codeExpiresAt: new Date(Date.now() + CLAIM_CODE_TTL_MS),
      },
    });
    await mailClaim(tx, "code", address, claimant.locale, {
      name: claimant.name,
      station: service.name,
      code,
      minutes: String(CLAIM_CODE_TTL_MS / 60_000),
    });
    return sent;
  });
  return viewOf(claim, locale);
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
    await lockService(tx, serviceId);
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

export type AdminClaim = {
  _id: string;
  status: ClaimStatus;
  dispute: boolean;
  message: string;
  createdAt: string;
  sentTo: string | null;
  service: { _id: string; name: string; source: "owner" | "osm"; contactMail: string };
  claimant: { _id: string; name: string; email: string };
  owner: { _id: string; name: string; email: string } | null;
  /** Another claimant who proved the place by code or by an earlier approval, if any. */
  holder: { _id: string; name: string; email: string } | null;
  /** The place's e-mail on OpenStreetMap changed too recently to receive a code (features/osm). */
  addressChangedRecently: boolean;
};

/**
 * GET /api/items/admin/claims?page → { claims, page, pages }: the open claims, those waiting for an
 * admin first, oldest first, with the place, the claimant, the owner or holder they dispute.
 */
export async function claimQueue(viewer: Viewer | null, query: unknown) {
  requireAccess(viewer, "admin");
  const { page } = parseOrThrow(z.object({ page: adminPage }), query);
  const prisma = await getPrisma();
  const where = { status: { in: [...OPEN_CLAIM_STATUSES] } } satisfies Prisma.ServiceClaimWhereInput;
  const { pages, offset } = pageOf(await prisma.serviceClaim.count({ where }), page);
  const ids = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM service_claims WHERE status IN ('code_sent', 'pending', 'verified')
    ORDER BY (status = 'pending') DESC, "createdAt", id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`;
  const rows = await prisma.serviceClaim.findMany({
    where: { id: { in: ids.map((row) => row.id) } },
    include: {
      user: person,
      service: {
        select: {
          id: true,
          name: true,
          source: true,
          contactMail: true,
          owner: person,
          claims: {
            where: { status: "verified" },
            select: { status: true, serviceId: true, userId: true, verifiedAt: true, user: person },
          },
        },
      },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Who holds each place now (holdsNow): a claim past its 7 days still holds it in its settling day.
  const now = new Date();
  const holders = new Map<string, (typeof rows)[number]["user"]>();
  for (const row of rows)
    for (const verified of row.service.claims)
      if (!holders.has(row.serviceId) && (await holdsNow(prisma, verified, now)))
        holders.set(row.serviceId, verified.user);
  const recent = await addressesChangedRecently(rows.map((row) => row.serviceId));
  const who = (user: { id: string; name: string; email: string }) => ({
    _id: user.id,
    name: user.name,
    email: user.email,
  });
  const claims: AdminClaim[] = ids.flatMap(({ id }) => {
    const row = byId.get(id);
    if (!row) return [];
    const held = holders.get(row.serviceId);
    const holder = held && held.id !== row.userId ? held : undefined;
    return [
      {
        _id: row.id,
        status: row.status,
        dispute: row.dispute,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        sentTo: row.codeSentTo,
        service: {
          _id: row.service.id,
          name: row.service.name,
          source: row.service.source,
          contactMail: row.service.contactMail,
        },
        claimant: who(row.user),
        owner: row.service.owner ? who(row.service.owner) : null,
        holder: holder ? who(holder) : null,
        addressChangedRecently: recent.has(row.serviceId),
      },
    ];
  });
  return { claims, page, pages };
}

/**
 * PUT /api/items/admin/claims/{claimId} { decision, reason }. Reject: any open claim, with the
 * reason the claimant is mailed. Approve: a claim waiting for an admin. On a listing with an owner
 * it moves the listing to the claimant at once (paid as it was; the previous owner is mailed);
 * otherwise the claim is verified (the claimant may pay), and a verified holder it disputed loses
 * their claim. Every other open claim on the listing is rejected and its claimant told. Audited.
 */
export async function decideClaim(
  viewer: Viewer | null,
  claimId: string,
  body: unknown,
): Promise<{ message: "Claims.approved" | "Claims.transferred" | "Claims.rejected" }> {
  requireAccess(viewer, "admin");
  if (!isUuid(claimId)) throw new NotFoundError();
  const { decision, reason } = parseOrThrow(claimDecisionInput, body);
  const prisma = await getPrisma();
  const found = await prisma.serviceClaim.findUnique({ where: { id: claimId }, select: { serviceId: true } });
  if (!found) throw new NotFoundError();
  const now = new Date();
  const message = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await lockService(tx, found.serviceId);
      const claim = await tx.serviceClaim.findUniqueOrThrow({ where: { id: claimId }, include: { user: person } });
      const service = await tx.service.findUniqueOrThrow({
        where: { id: claim.serviceId },
        select: { id: true, name: true, owner: person },
      });
      const values = { name: claim.user.name, station: service.name };
      const decided = { decidedById: viewer.id, decidedAt: now, codeHash: null };
      if (decision === "reject") {
        const done = await tx.serviceClaim.updateMany({
          where: { id: claim.id, status: { in: [...OPEN_CLAIM_STATUSES] } },
          data: { ...decided, status: "rejected", reason },
        });
        if (done.count !== 1) throw new AppError(409, "Claims.alreadyDecided");
        await mailClaim(tx, "rejected", claim.user.email, claim.user.locale, { ...values, reason });
        await writeAudit(tx, viewer.id, "claim.reject", "service", service.id, {
          claimId: claim.id,
          claimant: claim.user.id,
          dispute: claim.dispute,
          reason,
        });
        return "Claims.rejected" as const;
      }
      if (claim.status !== "pending") throw new AppError(409, "Claims.notPending");
      if (service.owner?.id === claim.user.id) throw new AppError(409, "Claims.alreadyOwner");
      // A claim that no longer holds the place lapses as such (its claimant reads why); the one that
      // still holds it, a claim in its settling day too, is the holder this approval takes it from.
      await lapseIn(tx, now, service.id);
      const holder = await holderOf(tx, service.id, now);
      const others = await tx.serviceClaim.findMany({
        where: { serviceId: service.id, id: { not: claim.id }, status: { in: [...OPEN_CLAIM_STATUSES] } },
        include: { user: person },
      });
      await tx.serviceClaim.updateMany({
        where: { id: { in: others.map((other) => other.id) } },
        data: { ...decided, status: "rejected", reason: AUTO_REASONS.otherApproved },
      });
      for (const other of others)
        await mailClaim(tx, "rejected", other.user.email, other.user.locale, {
          name: other.user.name,
          station: service.name,
          reason: translate(other.user.locale, AUTO_REASONS.otherApproved),
        });
      const audit = {
        claimId: claim.id,
        claimant: claim.user.id,
        dispute: claim.dispute,
        reason,
        ...(holder ? { holder: holder.userId } : {}),
      };
      if (service.owner) {
        await tx.service.update({
          where: { id: service.id },
          data: { ownerId: claim.user.id, claimed: true, claimedAt: now },
        });
        await tx.serviceClaim.update({
          where: { id: claim.id },
          data: { ...decided, status: "completed", verifiedAt: now, completedAt: now, reason },
        });
        const previous = service.owner;
        await mailClaim(
          tx,
          "ownerLost",
          previous.email,
          previous.locale,
          { name: previous.name, station: service.name },
          localePath(previous.locale, "/mystos"),
        );
        await mailClaim(
          tx,
          "transferred",
          claim.user.email,
          claim.user.locale,
          values,
          localePath(claim.user.locale, "/mystos"),
        );
        await writeAudit(tx, viewer.id, "claim.transfer", "service", service.id, { ...audit, from: previous.id });
        return "Claims.transferred" as const;
      }
      await tx.serviceClaim.update({
        where: { id: claim.id },
        data: { ...decided, status: "verified", verifiedAt: now, reason },
      });
      await mailClaim(
        tx,
        "approved",
        claim.user.email,
        claim.user.locale,
        values,
        localePath(claim.user.locale, `/placeorder?sto=${service.id}`),
      );
      await writeAudit(tx, viewer.id, "claim.approve", "service", service.id, {
        ...audit,
        rejected: others.map((other) => other.id).join(","),
      });
      return "Claims.approved" as const;
    }),
  );
  return { message };
}
