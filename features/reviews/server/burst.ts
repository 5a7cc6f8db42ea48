import "server-only";

import { BURST, detectBurst, holdWhileFlagged, type Standing } from "@/features/reviews/burst-rule";
import { FULL_WEIGHT } from "@/features/reviews/weight";
import type { Prisma } from "@/lib/generated/prisma/client";

import { reviewersWeights } from "./weights";

/**
 * Applies the burst rule (features/reviews/burst-rule.ts) after a review write: call it after the
 * review is weighed and before recomputeAggregates(), inside the same transaction. When the recent
 * reviews from accounts not yet fully trusted make a burst, the service is flagged with the
 * burst's direction (the page shows a notice, the admin's review queue lists it) and those
 * reviews are held out of the aggregates; while the flag stands, each new review like them is
 * held too. Clearing the flag (features/reviews/server/moderation.ts) counts them again.
 */
export async function checkBurst(tx: Prisma.TransactionClient, serviceId: string, reviewId: string): Promise<void> {
  const since = new Date(Date.now() - BURST.windowHours * 3_600_000);
  const written = await tx.review.findMany({
    where: { serviceId, hiddenAt: null, heldAt: null, weight: { lt: FULL_WEIGHT }, updatedAt: { gte: since } },
    select: { id: true, avg: true, weight: true },
    orderBy: { id: "asc" },
  });
  // Each with what its account weighs without the visit: verified reviews count in the rule like any other.
  const accounts = await reviewersWeights(
    tx,
    written.map((review) => review.id),
  );
  const recent = written.map((review) => ({ ...review, accountWeight: accounts.get(review.id) ?? 0 }));
  const current = recent.find((review) => review.id === reviewId);
  if (!current) return;
  const [standing] = await tx.$queryRaw<{ mean: number | null; plain: number | null; count: number }[]>`
    SELECT sum(weight * avg) / nullif(sum(weight), 0) AS mean, avg(avg) AS plain, count(*)::int AS count
    FROM reviews WHERE "serviceId" = ${serviceId}::uuid AND "hiddenAt" IS NULL AND "heldAt" IS NULL
      AND NOT (id = ANY(${recent.map((review) => review.id)}::uuid[]))`;
  const before: Standing = {
    mean: standing?.mean ?? null,
    unweightedMean: standing?.plain ?? null,
    count: Number(standing?.count ?? 0),
  };
  const prior = await tx.ratingPrior.findUnique({ where: { id: 1 }, select: { rating: true } });
  const meanOfAll = prior?.rating ?? 0;
  const now = new Date();
  const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { burstFlaggedAt: true } });
  if (service.burstFlaggedAt) {
    if (holdWhileFlagged(before, current, meanOfAll))
      await tx.review.update({ where: { id: reviewId }, data: { heldAt: now } });
    return;
  }
  const burst = detectBurst(before, recent, meanOfAll);
  if (!burst) return;
  await tx.service.update({ where: { id: serviceId }, data: { burstFlaggedAt: now, burstDirection: burst.direction } });
  await tx.review.updateMany({ where: { id: { in: burst.held } }, data: { heldAt: now } });
}
