import "server-only";

import { lockReviewedServices } from "@/features/reviews/server/service-lock";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { writeAudit } from "@/lib/security/audit-log";

import { jobInclude, type AcceptedJobRow } from "../../server/job-access";
import { confirmCutoff, JOB_CONFIRM_HOURS } from "../rules";
import { confirmJob } from "./confirm";
import { mailService } from "./job-mail";

/** How many jobs one transaction confirms. */
const BATCH = 25;

/**
 * The scheduled sweep: a job marked done that its driver left unanswered for JOB_CONFIRM_HOURS
 * counts as confirmed (jobConfirmedBy "time"), with its visit code, its audit entry and the shop's
 * mail in the same transaction. Jobs are taken in batches with FOR UPDATE SKIP LOCKED: a second
 * instance sweeping at the same moment skips the rows the first holds, and a row the first has
 * confirmed no longer matches when the second reaches it (and the UPDATE is conditional as well),
 * so each job is confirmed, and gets its code, once. Only jobs of requests still accepted: a
 * cancelled one is over. How many it confirmed.
 */
export async function confirmJobsPastDeadline(now = new Date()): Promise<number> {
  const prisma = await getPrisma();
  const cutoff = confirmCutoff(now);
  let confirmed = 0;
  let verified = false;
  for (;;) {
    const batch = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM quote_requests
        WHERE "jobStatus" = 'done' AND "doneAt" <= ${cutoff} AND status = 'accepted' AND "acceptedAnswerId" IS NOT NULL
        ORDER BY "doneAt", id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`;
      if (!due.length) return { taken: 0, confirmed: 0, verified: false };
      const rows = (await tx.quoteRequest.findMany({
        where: { id: { in: due.map((row) => row.id) }, acceptedAnswerId: { not: null } },
        include: jobInclude,
        orderBy: [{ doneAt: "asc" }, { id: "asc" }],
      })) as AcceptedJobRow[];
      // The services whose reviews a confirmation may verify, locked up front in id order as every
      // review writer takes them (features/reviews/server/service-lock.ts): one by one in the
      // batch's order, a sweep and a moderator's call could each hold one the other waits for.
      await lockReviewedServices(
        tx,
        rows.map((request) => request.acceptedAnswer.serviceId),
      );
      let count = 0;
      let anyVerified = false;
      for (const request of rows) {
        const result = await confirmJob(tx, request, "time", now);
        if (!result.confirmed) continue;
        count++;
        anyVerified ||= result.reviewVerified;
        await mailService(tx, request, "jobConfirmed", { amount: request.finalPrice ?? 0, by: "time" });
        await writeAudit(
          tx,
          null,
          "job.autoConfirm",
          "quoteRequest",
          request.id,
          { finalPrice: request.finalPrice ?? 0, hours: JOB_CONFIRM_HOURS },
          { asAdmin: false },
        );
      }
      return { taken: due.length, confirmed: count, verified: anyVerified };
    });
    confirmed += batch.confirmed;
    verified ||= batch.verified;
    // A full batch may have more behind it; one that confirmed nothing would only be taken again.
    if (batch.taken < BATCH || batch.confirmed === 0) break;
  }
  // Jobs confirmed count on their services' pages (and a review verified moves their figures).
  if (verified || confirmed) await announceCatalogChange();
  return confirmed;
}
