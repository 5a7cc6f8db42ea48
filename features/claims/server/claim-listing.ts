import "server-only";

import { randomInt } from "node:crypto";
import type { Locale } from "next-intl";

import { lockServices, ownsService } from "@/domain/service/server/ownership";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { claimCodeAddress } from "@/features/osm/server/claim-address";
import { getPrisma } from "@/lib/db/server";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { take } from "@/lib/security/rate-limit";
import type { z } from "@/lib/zod";

import type { ClaimView, MyClaimAnswer } from "../answers";
import { CLAIM_CODE_TTL_MS, OPEN_CLAIM_STATUSES } from "../rules";
import { claimInput } from "../schema";
import { holderOf, lapseIn } from "./claim-holder";
import { notifyClaim } from "./claim-mail";
import { codeHash, viewOf } from "./claim-view";

/** The lapse of one listing's unpaid claim, before what reads who holds it outside a transaction. */
async function lapseOnListing(serviceId: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockServices(tx, [serviceId]);
    return lapseIn(tx, new Date(), serviceId);
  });
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
  if (ownsService(viewer, service)) throw new AppError(409, "Claims.alreadyYours");
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
): Promise<z.infer<typeof MyClaimAnswer>> {
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
    select: { id: true, name: true, locale: true },
  });
  const claim = await prisma.$transaction(async (tx) => {
    await lockServices(tx, [serviceId]);
    const current = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { ownerId: true } });
    if (ownsService(viewer, current)) throw new AppError(409, "Claims.alreadyYours");
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
    await notifyClaim(tx, claimant.id, "code", address, claimant.locale, {
      name: claimant.name,
      station: service.name,
      code,
      minutes: String(CLAIM_CODE_TTL_MS / 60_000),
    });
    return sent;
  });
  return viewOf(claim, locale);
}
