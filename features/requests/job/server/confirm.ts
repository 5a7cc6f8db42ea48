import "server-only";

import { verifyWithBoundCode } from "@/features/reviews/server/reviews";
import { issueBoundVisitCode } from "@/features/reviews/server/visit-codes";

import { REQUEST_VISIT_CODE_DAYS } from "../../rules";
import type { AcceptedJobRow } from "../../server/job-access";
import { DAY_MS, type Tx } from "../../server/request-view";
import type { JobConfirmer } from "../rules";

/**
 * Confirms a job marked done (or disputed, for an admin), inside the caller's transaction, which
 * holds the request's row: one conditional UPDATE, so two confirmations at once confirm it once
 * (whether this one did). With it comes the visit code bound to the driver for the chosen service,
 * and a review the driver already wrote of it, not yet verified, is verified with that code at once.
 */
export async function confirmJob(
  tx: Tx,
  request: AcceptedJobRow,
  by: JobConfirmer,
  now: Date,
): Promise<{ confirmed: boolean; reviewVerified: boolean }> {
  const from = by === "admin" ? ("disputed" as const) : ("done" as const);
  const { count } = await tx.quoteRequest.updateMany({
    where: { id: request.id, jobStatus: from, ...(by === "admin" ? { disputeResolvedAt: null } : {}) },
    data: {
      jobStatus: "confirmed",
      jobConfirmedBy: by,
      ...(by === "admin" ? {} : { jobDecidedAt: now }),
    },
  });
  if (count !== 1) return { confirmed: false, reviewVerified: false };
  const serviceId = request.acceptedAnswer.serviceId;
  await issueBoundVisitCode(tx, {
    serviceId,
    userId: request.driverId,
    quoteRequestId: request.id,
    expiresAt: new Date(now.getTime() + REQUEST_VISIT_CODE_DAYS * DAY_MS),
  });
  const reviewVerified = await verifyWithBoundCode(tx, serviceId, request.driverId);
  return { confirmed: true, reviewVerified };
}
