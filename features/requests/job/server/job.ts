import "server-only";

import { UAH } from "@/domain/service/jobs";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { AppError, BadRequestError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import type { z } from "@/lib/zod";

import type { createdAnswer, doneAnswer } from "../../answers";
import { agreedCeiling, openJob, requireJobWritable, type AcceptedJobRow, type JobPart } from "../../server/job-access";
import type { Tx } from "../../server/request-view";
import type { JobExtraView, JobView } from "../answers";
import {
  approvedExtras,
  confirmBy,
  confirmCutoff,
  JOB_CONFIRM_HOURS,
  JOB_EXTRAS_MAX,
  jobCeiling,
  withinCeiling,
} from "../rules";
import { doneInput, extraDecisionInput, extraInput, jobDecisionInput } from "../schema";
import { confirmJob } from "./confirm";
import { mailDriver, mailService } from "./job-mail";

/**
 * The job of an accepted request (features/requests/job/rules.ts): its driver, the chosen
 * service's owner and an admin read it (features/requests/server/job-access.ts openJob; anyone
 * else 404); the shop proposes extra work and marks the job done, the driver decides on the extra
 * work and confirms or disputes the job. Each write holds the request's row (openJob's lock) and
 * checks the state inside its transaction, where its mail and its audit entry are written too; a
 * state change is a conditional UPDATE as well, so two answers at once change it once. The body
 * is checked before anything is looked up.
 */

type ExtraRow = {
  id: string;
  description: string;
  price: number;
  status: JobExtraView["status"];
  createdAt: Date;
  decidedAt: Date | null;
};

const extraView = (row: ExtraRow): JobExtraView => ({
  _id: row.id,
  description: row.description,
  price: row.price,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const extrasOf = (db: Tx, requestId: string) =>
  db.quoteExtra.findMany({ where: { requestId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** Whether the job is still on for writes by this part (requireJobWritable without throwing). */
async function writable(db: Tx, request: AcceptedJobRow, part: JobPart): Promise<boolean> {
  try {
    await requireJobWritable(db, request, part);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The job is still on: the request accepted, not cancelled or closed since, its service still chosen. */
const jobOn = (request: AcceptedJobRow) =>
  request.status === "accepted" &&
  request.targets.some((target) => target.serviceId === request.acceptedAnswer.serviceId && target.status === "chosen");

const audit = (tx: Tx, viewer: Viewer, action: string, requestId: string, details: Record<string, string | number>) =>
  writeAudit(tx, viewer.id, `job.${action}`, "quoteRequest", requestId, details, { asAdmin: false });

/** GET /api/requests/{id}/job: the agreed price, the extra work, the end, and what the viewer may do now. */
export async function getJob(viewer: Viewer | null, requestId: string): Promise<JobView> {
  requireAccess(viewer, "signedIn");
  const { request, part } = await openJob(viewer, requestId);
  const prisma = await getPrisma();
  const [extras, canWrite] = await Promise.all([extrasOf(prisma, request.id), writable(prisma, request, part)]);
  const answer = request.acceptedAnswer;
  const open = request.jobStatus === null;
  return {
    requestId: request.id,
    serviceId: answer.serviceId,
    serviceName: answer.service.name,
    viewer: part,
    on: jobOn(request),
    agreed: { price: answer.price, priceFrom: answer.priceFrom, priceTo: answer.priceTo },
    extras: extras.map(extraView),
    approvedExtras: approvedExtras(extras),
    ceiling: jobCeiling(agreedCeiling(answer), extras),
    jobStatus: request.jobStatus,
    doneAt: request.doneAt?.toISOString() ?? null,
    finalPrice: request.finalPrice,
    doneNote: request.doneNote,
    confirmBy: request.doneAt ? confirmBy(request.doneAt).toISOString() : null,
    confirmedBy: request.jobConfirmedBy,
    decidedAt: request.jobDecidedAt?.toISOString() ?? null,
    disputeReason: request.disputeReason,
    disputeResolvedAt: request.disputeResolvedAt?.toISOString() ?? null,
    disputeResolution: request.disputeResolution,
    canProposeExtra: part === "service" && canWrite && open && extras.length < JOB_EXTRAS_MAX,
    canDecideExtras: part === "driver" && canWrite && open && extras.some((extra) => extra.status === "proposed"),
    canMarkDone: part === "service" && canWrite && open,
    canConfirm: part === "driver" && canWrite && request.jobStatus === "done",
  };
}

/** Opens the job for a write by `only` (the other side 403), holding its row, inside `tx`. */
async function openForWrite(tx: Tx, viewer: Viewer, requestId: string, only: "driver" | "service") {
  const { request, part } = await openJob(viewer, requestId, { tx, lock: true });
  await requireJobWritable(tx, request, part);
  if (part !== only) throw new AppError(403, only === "service" ? "Job.onlyService" : "Job.onlyDriver");
  return request;
}

/** POST /api/requests/{id}/extras { description, price }: the chosen shop proposes extra work; the driver is mailed. */
export async function proposeExtra(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof createdAnswer>> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(extraInput, body);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const request = await openForWrite(tx, viewer, requestId, "service");
    if (request.jobStatus !== null) throw new AppError(409, "Job.alreadyDone");
    if ((await tx.quoteExtra.count({ where: { requestId: request.id } })) >= JOB_EXTRAS_MAX)
      throw new AppError(409, "Job.extrasFull");
    const extra = await tx.quoteExtra.create({
      data: { requestId: request.id, authorId: viewer.id, description: input.description, price: input.price },
    });
    await mailDriver(tx, request, "extraProposed", { extra: input.description, amount: input.price });
    await audit(tx, viewer, "extraPropose", request.id, { extraId: extra.id, price: input.price });
    return { _id: extra.id };
  });
}

/**
 * PUT /api/requests/{id}/extras/{extraId} { decision }: the driver approves or declines extra work
 * still proposed, before the job is marked done; the shop is mailed. An id not of this job's extras 404.
 */
export async function decideExtra(
  viewer: Viewer | null,
  requestId: string,
  extraId: string,
  body: unknown,
): Promise<z.infer<typeof doneAnswer>> {
  requireAccess(viewer, "signedIn");
  const { decision } = parseOrThrow(extraDecisionInput, body);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const request = await openForWrite(tx, viewer, requestId, "driver");
    const extra = isUuid(extraId)
      ? await tx.quoteExtra.findFirst({ where: { id: extraId.toLowerCase(), requestId: request.id } })
      : null;
    if (!extra) throw new NotFoundError();
    if (request.jobStatus !== null) throw new AppError(409, "Job.alreadyDone");
    const status = decision === "approve" ? "approved" : "declined";
    const { count } = await tx.quoteExtra.updateMany({
      where: { id: extra.id, status: "proposed" },
      data: { status, decidedAt: new Date() },
    });
    if (count !== 1) throw new AppError(409, "Job.extraDecided");
    await mailService(tx, request, "extraDecided", { extra: extra.description, amount: extra.price, decision: status });
    await audit(tx, viewer, decision === "approve" ? "extraApprove" : "extraDecline", request.id, {
      extraId: extra.id,
      price: extra.price,
    });
  });
  return { ok: true };
}

/** Amounts in a refusal, written in the answer's language as the app writes prices. */
const uah = (amount: number) => ({ number: amount, format: UAH });

/**
 * POST /api/requests/{id}/done { finalPrice, note? }: the chosen shop marks the job done. The final
 * price may not pass the agreed price (the top of a range) plus the approved extras: refused with a
 * 400 on finalPrice that names the amounts. A booking still to come is done with it; the driver is
 * mailed to confirm or dispute within JOB_CONFIRM_HOURS.
 */
export async function markDone(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof doneAnswer>> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(doneInput, body);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const request = await openForWrite(tx, viewer, requestId, "service");
    if (request.jobStatus !== null) throw new AppError(409, "Job.alreadyDone");
    const extras = await extrasOf(tx, request.id);
    const agreed = agreedCeiling(request.acceptedAnswer);
    const extrasSum = approvedExtras(extras);
    if (!withinCeiling(input.finalPrice, jobCeiling(agreed, extras)))
      throw new BadRequestError({ finalPrice: "Job.finalPriceAboveCeiling" }, "Api.badRequest", {
        finalPrice: {
          final: uah(input.finalPrice),
          agreed: uah(agreed),
          extras: uah(extrasSum),
          hasExtras: extrasSum > 0 ? "yes" : "no",
        },
      });
    const now = new Date();
    const { count } = await tx.quoteRequest.updateMany({
      where: { id: request.id, jobStatus: null },
      data: { jobStatus: "done", doneAt: now, finalPrice: input.finalPrice, doneNote: input.note },
    });
    if (count !== 1) throw new AppError(409, "Job.alreadyDone");
    await tx.quoteBooking.updateMany({
      where: { requestId: request.id, status: { in: ["proposed", "confirmed", "rescheduled"] } },
      data: { status: "done", sequence: { increment: 1 } },
    });
    await mailDriver(tx, request, "jobDone", { amount: input.finalPrice, message: input.note });
    await audit(tx, viewer, "done", request.id, { finalPrice: input.finalPrice });
  });
  return { ok: true };
}

/**
 * PUT /api/requests/{id}/done { decision, reason? }: the driver confirms a job marked done (its
 * visit code is issued, and a review they wrote of the service is verified with it), or disputes it
 * with a reason (it waits for an admin); the shop is mailed either way.
 */
export async function decideJob(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof doneAnswer>> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(jobDecisionInput, body);
  const prisma = await getPrisma();
  let confirmedOne = false;
  const reviewVerified = await prisma.$transaction(async (tx) => {
    const request = await openForWrite(tx, viewer, requestId, "driver");
    if (request.jobStatus === null) throw new AppError(409, "Job.notDone");
    if (request.jobStatus !== "done") throw new AppError(409, "Job.alreadyAnswered");
    const now = new Date();
    const amount = request.finalPrice ?? 0;
    if (input.decision === "confirm") {
      const result = await confirmJob(tx, request, "driver", now);
      confirmedOne = true;
      if (!result.confirmed) throw new AppError(409, "Job.alreadyAnswered");
      await mailService(tx, request, "jobConfirmed", { amount, by: "driver" });
      await audit(tx, viewer, "confirm", request.id, { finalPrice: amount });
      return result.reviewVerified;
    }
    // Past its hours the job counts as confirmed, whether or not the sweep has run yet.
    if (request.doneAt && request.doneAt <= confirmCutoff(now))
      throw new AppError(409, "Job.disputeTooLate", undefined, undefined, { message: { hours: JOB_CONFIRM_HOURS } });
    const reason = input.reason ?? "";
    const { count } = await tx.quoteRequest.updateMany({
      where: { id: request.id, jobStatus: "done" },
      data: { jobStatus: "disputed", jobDecidedAt: now, disputeReason: reason },
    });
    if (count !== 1) throw new AppError(409, "Job.alreadyAnswered");
    await mailService(tx, request, "jobDisputed", { amount, reason });
    await audit(tx, viewer, "dispute", request.id, { reason });
    return false;
  });
  // A confirmed job counts on the service's page (jobs done) and a review verified moves its
  // figures: every instance drops what it kept of them.
  if (reviewVerified || confirmedOne) await announceCatalogChange();
  return { ok: true };
}
