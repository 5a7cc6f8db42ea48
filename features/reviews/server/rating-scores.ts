import "server-only";

import { REFRESH_ALL_SCORES_SQL, REFRESH_PRIOR_SQL, SCORE_ASSIGNMENTS } from "@/features/reviews/server/rating-sql";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

/** One service's scores from its stored averages (inside the transaction that changed them). */
export async function recomputeScores(tx: Prisma.TransactionClient, serviceId: string): Promise<void> {
  await tx.$executeRaw`UPDATE services s SET ${Prisma.raw(SCORE_ASSIGNMENTS)} FROM rating_priors p WHERE p.id = 1 AND s.id = ${serviceId}::uuid`;
}

/**
 * The job: a new mean of the published services' averages, and when it moved, every score from it
 * (one statement, in the same transaction, so the order never mixes two priors). Returns whether
 * anything changed.
 */
export async function refreshRatingScores(): Promise<boolean> {
  const prisma = await getPrisma();
  const moved = await prisma.$transaction(async (tx) => {
    if ((await tx.$queryRawUnsafe<unknown[]>(REFRESH_PRIOR_SQL)).length === 0) return false;
    await tx.$executeRawUnsafe(REFRESH_ALL_SCORES_SQL);
    return true;
  });
  if (moved) await announceCatalogChange();
  return moved;
}

/** The prior the scores use now, for the page that explains the ranking. */
export async function getRatingPrior(): Promise<{ weight: number; mean: number; updatedAt: Date } | null> {
  const prisma = await getPrisma();
  const row = await prisma.ratingPrior.findUnique({ where: { id: 1 } });
  return row ? { weight: row.weight, mean: row.rating, updatedAt: row.updatedAt } : null;
}
