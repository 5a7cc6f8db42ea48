import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PUBLISHED_WHERE } from "@/lib/db/published";
import { reviewInput } from "@/lib/validation/account";
import { getPrisma } from "./db";
import { requireAccess } from "./guards";
import { AppError, isUuid, NotFoundError } from "./errors";
import type { Viewer } from "./session";
import { parseOrThrow } from "./validate";
import { changingCatalog } from "./read-cache";
import { recomputeScores } from "./rating-scores";

/**
 * One review per user per service: a second post replaces the first. The service's averages and
 * count are recomputed from its reviews in the same transaction, so they never drift.
 */
export async function upsertReview(viewer: Viewer | null, serviceId: string, body: unknown): Promise<{ _id: string; avg: number }> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const input = parseOrThrow(reviewInput, body);
  const prisma = await getPrisma();
  const { quality, speed, price } = input.rating;
  const avg = Math.round(((quality + speed + price) / 3) * 100) / 100;
  return changingCatalog(() => prisma.$transaction(async (tx) => {
    const service = await tx.service.findFirst({
      where: { id: serviceId, ...PUBLISHED_WHERE },
      select: { id: true, ownerId: true },
    });
    if (!service) throw new NotFoundError();
    if (service.ownerId === viewer.id) throw new AppError(403, "Auth.ownService");
    const review = await tx.review.upsert({
      where: { userId_serviceId: { userId: viewer.id, serviceId } },
      create: { userId: viewer.id, serviceId, quality, speed, price, avg, comment: input.comment },
      update: { quality, speed, price, avg, comment: input.comment },
    });
    await recomputeAggregates(tx, serviceId);
    return { _id: review.id, avg };
  }));
}

/**
 * A service's averages and count, recomputed from its reviews (call inside the writing
 * transaction). The row lock comes first, in its own statement: a concurrent review's transaction
 * waits here until this one commits, and its recompute then sees this review too. Without it two
 * reviews at once each counted only themselves (caught by tests/integration/api/faults.test.ts).
 * NO KEY UPDATE, not UPDATE: the review insert's foreign-key check holds KEY SHARE on this row,
 * which a plain FOR UPDATE would wait on, deadlocking two reviews.
 */
export async function recomputeAggregates(tx: Prisma.TransactionClient, serviceId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM services WHERE id = ${serviceId}::uuid FOR NO KEY UPDATE`;
  await tx.$executeRaw`UPDATE services s SET
      "qualityAvg" = agg.quality, "speedAvg" = agg.speed, "priceAvg" = agg.price, "ratingAvg" = agg.avg, "numReviews" = agg.n, "updatedAt" = now()
    FROM (SELECT coalesce(avg(quality), 0) AS quality, coalesce(avg(speed), 0) AS speed, coalesce(avg(price), 0) AS price,
                 coalesce(avg(avg), 0) AS avg, count(*)::int AS n FROM reviews WHERE "serviceId" = ${serviceId}::uuid) agg
    WHERE s.id = ${serviceId}::uuid`;
  await recomputeScores(tx, serviceId);
}

export type ReviewerState = "anonymous" | "owner" | "reviewed" | "new";

/** What the detail page offers the viewer: the sign-in prompt, nothing (own service), or the form. */
export async function reviewerState(viewer: Viewer | null, serviceId: string): Promise<ReviewerState> {
  if (!viewer) return "anonymous";
  if (!isUuid(serviceId)) return "new";
  const prisma = await getPrisma();
  const [service, review] = await Promise.all([
    prisma.service.findUnique({ where: { id: serviceId }, select: { ownerId: true } }),
    prisma.review.findUnique({ where: { userId_serviceId: { userId: viewer.id, serviceId } }, select: { id: true } }),
  ]);
  if (service?.ownerId === viewer.id) return "owner";
  return review ? "reviewed" : "new";
}
