import "server-only";

import { lockServices } from "@/domain/service/server/ownership";
import { localePath, MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { addressesChangedRecently } from "@/features/osm/server/claim-address";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { translate } from "@/lib/http/answers";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE, adminPage } from "@/lib/http/pagination";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import { z } from "@/lib/zod";

import type { AdminClaim, ClaimQueueAnswer } from "../answers";
import { AUTO_REASONS, OPEN_CLAIM_STATUSES } from "../rules";
import { claimDecisionInput } from "../schema";
import { holderOf, holdsNow, lapseIn } from "./claim-holder";
import { notifyClaim } from "./claim-mail";

/**
 * GET /api/items/admin/claims?page → { claims, page, pages }: the open claims, those waiting for an
 * admin first, oldest first, with the place, the claimant, the owner or holder they dispute.
 */
export async function claimQueue(viewer: Viewer | null, query: unknown): Promise<z.infer<typeof ClaimQueueAnswer>> {
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
      user: MAIL_RECIPIENT,
      service: {
        select: {
          id: true,
          name: true,
          source: true,
          contactMail: true,
          owner: MAIL_RECIPIENT,
          claims: {
            where: { status: "verified" },
            select: { status: true, serviceId: true, userId: true, verifiedAt: true, user: MAIL_RECIPIENT },
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
      await lockServices(tx, [found.serviceId]);
      const claim = await tx.serviceClaim.findUniqueOrThrow({
        where: { id: claimId },
        include: { user: MAIL_RECIPIENT },
      });
      const service = await tx.service.findUniqueOrThrow({
        where: { id: claim.serviceId },
        select: { id: true, name: true, owner: MAIL_RECIPIENT },
      });
      const values = { name: claim.user.name, station: service.name };
      const decided = { decidedById: viewer.id, decidedAt: now, codeHash: null };
      if (decision === "reject") {
        const done = await tx.serviceClaim.updateMany({
          where: { id: claim.id, status: { in: [...OPEN_CLAIM_STATUSES] } },
          data: { ...decided, status: "rejected", reason },
        });
        if (done.count !== 1) throw new AppError(409, "Claims.alreadyDecided");
        await notifyClaim(tx, claim.user.id, "rejected", claim.user.email, claim.user.locale, { ...values, reason });
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
        include: { user: MAIL_RECIPIENT },
      });
      await tx.serviceClaim.updateMany({
        where: { id: { in: others.map((other) => other.id) } },
        data: { ...decided, status: "rejected", reason: AUTO_REASONS.otherApproved },
      });
      for (const other of others)
        await notifyClaim(tx, other.user.id, "rejected", other.user.email, other.user.locale, {
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
        await notifyClaim(
          tx,
          previous.id,
          "ownerLost",
          previous.email,
          previous.locale,
          { name: previous.name, station: service.name },
          localePath(previous.locale, "/mystos"),
        );
        await notifyClaim(
          tx,
          claim.user.id,
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
      await notifyClaim(
        tx,
        claim.user.id,
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
