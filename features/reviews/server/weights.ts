import "server-only";

import { CLEAN_AFTER_DAYS, reviewWeight } from "@/features/reviews/weight";
import { Prisma } from "@/lib/generated/prisma/client";

type FactsRow = {
  id: string;
  serviceId: string;
  weight: number;
  verified: boolean;
  createdAt: Date;
  confirmed: boolean;
  clean: number;
  hidden: number;
};

/**
 * What the weight rule (features/reviews/weight.ts) reads about each review's reviewer, for the
 * reviews `where` picks out of reviews `r`: the account's age and e-mail, its other reviews that
 * stood for CLEAN_AFTER_DAYS, and those a moderator hid ("pending" is the automatic hide on
 * reports, not a verdict).
 */
function factsOf(tx: Prisma.TransactionClient, where: Prisma.Sql, limit: number, now: Date): Promise<FactsRow[]> {
  const cleanBefore = new Date(now.getTime() - CLEAN_AFTER_DAYS * 86_400_000);
  return tx.$queryRaw<FactsRow[]>`
    SELECT r.id, r."serviceId", r.weight, r.verified, u."createdAt", u."emailVerifiedAt" IS NOT NULL AS confirmed,
      (SELECT count(*) FROM reviews o WHERE o."userId" = r."userId" AND o.id <> r.id AND o."hiddenAt" IS NULL
         AND o."createdAt" <= ${cleanBefore})::int AS clean,
      (SELECT count(*) FROM reviews o WHERE o."userId" = r."userId" AND o."hiddenReason" IS NOT NULL
         AND o."hiddenReason" <> 'pending')::int AS hidden
    FROM reviews r JOIN users u ON u.id = r."userId"
    WHERE ${where}
    ORDER BY r."weighedAt" ASC NULLS FIRST, r.id
    LIMIT ${limit}`;
}

/**
 * Weighs the reviews `where` picks (at most `limit`), stores each weight and when it was worked out,
 * and returns the services whose counted weights may have changed (their aggregates need
 * recomputing, recomputeAggregates in ./reviews).
 */
export async function weighReviews(
  tx: Prisma.TransactionClient,
  where: Prisma.Sql,
  limit = 1000,
): Promise<{ weighed: number; changedServices: string[] }> {
  const now = new Date();
  const rows = await factsOf(tx, where, limit, now);
  if (!rows.length) return { weighed: 0, changedServices: [] };
  const weights = rows.map((row) =>
    reviewWeight(
      {
        createdAt: row.createdAt,
        emailConfirmed: row.confirmed,
        verifiedVisit: row.verified,
        cleanReviews: Number(row.clean),
        hiddenReviews: Number(row.hidden),
      },
      now,
    ),
  );
  await tx.$executeRaw`UPDATE reviews r SET weight = v.weight, "weighedAt" = ${now}
    FROM unnest(${rows.map((row) => row.id)}::uuid[], ${weights}::float8[]) AS v(id, weight) WHERE r.id = v.id`;
  const changed = new Set(rows.filter((row, index) => row.weight !== weights[index]).map((row) => row.serviceId));
  return { weighed: rows.length, changedServices: [...changed].sort() };
}

/** One review's weight, inside the transaction that wrote it (before the burst check and the aggregates). */
export async function weighReview(tx: Prisma.TransactionClient, reviewId: string): Promise<void> {
  await weighReviews(tx, Prisma.sql`r.id = ${reviewId}::uuid`, 1);
}

/** Every review of one reviewer, after a moderator's decision changed their history. */
export function reweighReviewer(tx: Prisma.TransactionClient, userId: string) {
  return weighReviews(tx, Prisma.sql`r."userId" = ${userId}::uuid`, 10_000);
}

/**
 * An account's weight as a reporter of someone else's review: the same rule as its reviews, with
 * no visit to verify. A report only hides a review when the reporters' weights add up
 * (features/reviews/server/moderation.ts).
 */
export async function accountWeight(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  const now = new Date();
  const cleanBefore = new Date(now.getTime() - CLEAN_AFTER_DAYS * 86_400_000);
  const [row] = await tx.$queryRaw<Omit<FactsRow, "id" | "serviceId" | "weight" | "verified">[]>`
    SELECT u."createdAt", u."emailVerifiedAt" IS NOT NULL AS confirmed,
      (SELECT count(*) FROM reviews o WHERE o."userId" = u.id AND o."hiddenAt" IS NULL AND o."createdAt" <= ${cleanBefore})::int AS clean,
      (SELECT count(*) FROM reviews o WHERE o."userId" = u.id AND o."hiddenReason" IS NOT NULL AND o."hiddenReason" <> 'pending')::int AS hidden
    FROM users u WHERE u.id = ${userId}::uuid`;
  if (!row) return 0;
  return reviewWeight(
    {
      createdAt: row.createdAt,
      emailConfirmed: row.confirmed,
      verifiedVisit: false,
      cleanReviews: Number(row.clean),
      hiddenReviews: Number(row.hidden),
    },
    now,
  );
}
