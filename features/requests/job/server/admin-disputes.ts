import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import type { z } from "@/lib/zod";

import type { doneAnswer } from "../../answers";
import { agreedCeiling, jobInclude, type AcceptedJobRow } from "../../server/job-access";
import { lockRequest } from "../../server/request-view";
import type { AdminDisputeView } from "../answers";
import { jobCeiling } from "../rules";
import { disputeResolutionInput } from "../schema";
import { confirmJob } from "./confirm";
import { mailDriver, mailService } from "./job-mail";

/** The most disputes the admin's queue shows at once (the oldest first: they have waited longest). */
export const DISPUTE_QUEUE_MAX = 100;

/**
 * The admins' queue of disputed jobs no admin has resolved yet, oldest dispute first, with what
 * the admin weighs: the agreed and final prices, the extra work, the driver's reason and the
 * service's note (the thread they read through GET /api/requests/{id}/messages?serviceId=).
 */
export async function adminDisputes(viewer: Viewer | null): Promise<{ disputes: AdminDisputeView[]; total: number }> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  // A request an admin closed since is no longer a job to judge.
  const where = {
    jobStatus: "disputed",
    disputeResolvedAt: null,
    acceptedAnswerId: { not: null },
    status: "accepted",
  } as const;
  const [total, rows] = await Promise.all([
    prisma.quoteRequest.count({ where }),
    prisma.quoteRequest.findMany({
      where,
      orderBy: [{ jobDecidedAt: "asc" }, { id: "asc" }],
      take: DISPUTE_QUEUE_MAX,
      include: { ...jobInclude, extras: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
    }),
  ]);
  return {
    total,
    disputes: rows.map((row) => {
      const answer = row.acceptedAnswer!;
      return {
        requestId: row.id,
        job: row.job,
        description: row.description,
        driver: { name: row.driver.name, email: row.driver.email },
        serviceId: answer.serviceId,
        serviceName: answer.service.name,
        agreed: { price: answer.price, priceFrom: answer.priceFrom, priceTo: answer.priceTo },
        extras: row.extras.map((extra) => ({
          _id: extra.id,
          description: extra.description,
          price: extra.price,
          status: extra.status,
          createdAt: extra.createdAt.toISOString(),
          decidedAt: extra.decidedAt?.toISOString() ?? null,
        })),
        ceiling: jobCeiling(agreedCeiling(answer), row.extras),
        finalPrice: row.finalPrice,
        doneAt: row.doneAt?.toISOString() ?? null,
        doneNote: row.doneNote,
        disputeReason: row.disputeReason,
        disputedAt: row.jobDecidedAt?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * PUT /api/items/admin/requests/{id}/dispute { outcome, note }: an admin resolves a dispute. As
 * "confirmed" the job is confirmed (jobConfirmedBy "admin", with its visit code); as "not_done" it
 * stays disputed. Either way it leaves the queue, both sides are mailed with the note, and the
 * admin's action is audited.
 */
export async function resolveDispute(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof doneAnswer>> {
  requireAccess(viewer, "admin");
  const { outcome, note } = parseOrThrow(disputeResolutionInput, body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const id = requestId.toLowerCase();
  const prisma = await getPrisma();
  const reviewVerified = await prisma.$transaction(async (tx) => {
    await lockRequest(tx, id);
    const found = await tx.quoteRequest.findUnique({ where: { id }, include: jobInclude });
    if (!found?.acceptedAnswer) throw new NotFoundError();
    const request = found as AcceptedJobRow;
    // Closed since (by an admin: the sides can no longer cancel a job marked done), nothing is left
    // to confirm: a confirmation would issue a visit code for a request already ended.
    if (request.jobStatus !== "disputed" || request.disputeResolvedAt !== null || request.status !== "accepted")
      throw new AppError(409, "Job.notDisputed");
    const now = new Date();
    let verified = false;
    if (outcome === "confirmed") {
      const result = await confirmJob(tx, request, "admin", now);
      if (!result.confirmed) throw new AppError(409, "Job.notDisputed");
      verified = result.reviewVerified;
    }
    const { count } = await tx.quoteRequest.updateMany({
      where: { id, disputeResolvedAt: null },
      data: { disputeResolvedAt: now, disputeResolvedById: viewer.id, disputeResolution: note },
    });
    if (count !== 1) throw new AppError(409, "Job.notDisputed");
    await mailDriver(tx, request, "disputeResolved", { outcome, reason: note });
    await mailService(tx, request, "disputeResolved", { outcome, reason: note });
    await writeAudit(tx, viewer.id, "job.disputeResolve", "quoteRequest", id, { outcome, note });
    return verified;
  });
  // A job confirmed counts on the service's page; a review verified moves its figures.
  if (reviewVerified || outcome === "confirmed") await announceCatalogChange();
  return { ok: true };
}
