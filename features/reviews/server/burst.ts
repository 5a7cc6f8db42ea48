import "server-only";

import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Fake-review extortion comes as a wave of 1★ reviews from fresh accounts. When a service gets
 * BURST.count or more reviews averaging at most BURST.maxStars, from accounts younger than
 * BURST.accountAgeDays, within BURST.windowHours, it is flagged: the page shows a notice and
 * those reviews (and any more like them while the flag stands) are held out of the aggregates,
 * so the rank does not move until an admin has looked. Clearing the flag counts them again.
 * Three in a day is far above what a station normally gets from brand-new accounts (the demo
 * data and real directories see a handful of reviews a week), yet low enough to catch a wave
 * before it sinks a listing.
 */
export const BURST = { count: 3, maxStars: 2, accountAgeDays: 7, windowHours: 24 } as const;

/** Call after a review write, before recomputeAggregates(), inside the same transaction. */
export async function checkBurst(tx: Prisma.TransactionClient, serviceId: string, reviewId: string): Promise<void> {
  const now = Date.now();
  const suspicious = {
    serviceId,
    avg: { lte: BURST.maxStars },
    heldAt: null,
    updatedAt: { gte: new Date(now - BURST.windowHours * 3_600_000) },
    user: { createdAt: { gte: new Date(now - BURST.accountAgeDays * 86_400_000) } },
  } satisfies Prisma.ReviewWhereInput;
  if (!(await tx.review.count({ where: { ...suspicious, id: reviewId } }))) return;
  const service = await tx.service.findUniqueOrThrow({ where: { id: serviceId }, select: { burstFlaggedAt: true } });
  if (!service.burstFlaggedAt) {
    if ((await tx.review.count({ where: suspicious })) < BURST.count) return;
    await tx.service.update({ where: { id: serviceId }, data: { burstFlaggedAt: new Date(now) } });
    await tx.review.updateMany({ where: suspicious, data: { heldAt: new Date(now) } });
    return;
  }
  await tx.review.update({ where: { id: reviewId }, data: { heldAt: new Date(now) } });
}
