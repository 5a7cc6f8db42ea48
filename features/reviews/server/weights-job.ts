import "server-only";

import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

import { recomputeAggregates } from "./reviews";
import { weighReviews } from "./weights";

/** Reviews weighed per transaction: small enough to keep each one short beside live review writes. */
const BATCH = 500;
/** Batches per run at most; the rest wait for the next run. */
const MAX_BATCHES = 20;

/**
 * The job: a review's weight grows as its account ages and its history builds up
 * (features/reviews/weight.ts), so the reviews not yet counting fully are weighed again, the
 * longest-unweighed first, and so are reviews written before weights existed. Services whose
 * weights moved get their averages and scores recomputed. Reviews at full weight are not read
 * again; a moderator's decision re-weighs that reviewer's reviews at once (./moderation).
 * Returns how many services were recomputed (0 when idle).
 */
export async function refreshReviewWeights(): Promise<number> {
  const prisma = await getPrisma();
  const picks = [Prisma.sql`r."weighedAt" IS NULL`, Prisma.sql`r.weight < 1 AND r."weighedAt" < ${new Date()}`];
  let recomputed = 0;
  for (const where of picks) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { weighed, changed } = await prisma.$transaction(async (tx) => {
        const result = await weighReviews(tx, where, BATCH);
        for (const serviceId of result.changedServices) await recomputeAggregates(tx, serviceId);
        return { weighed: result.weighed, changed: result.changedServices.length };
      });
      recomputed += changed;
      if (weighed < BATCH) break;
    }
  }
  if (recomputed) await announceCatalogChange();
  return recomputed;
}
