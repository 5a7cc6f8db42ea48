import "server-only";

import { accountWeight, reviewWeight } from "@/features/reviews/weight";
import { Prisma } from "@/lib/generated/prisma/client";

import { accountFacts, accountFactsColumns, type AccountFactsRow } from "./account-facts-sql";
import { lockReviewedServices } from "./service-lock";

type FactsRow = AccountFactsRow & {
  id: string;
  serviceId: string;
  weight: number;
  verified: boolean;
};

/**
 * What the weight rule (features/reviews/weight.ts) reads about each review's reviewer, for the
 * reviews `where` picks out of reviews `r` (./account-facts-sql.ts): the account's age and e-mail,
 * and its history apart from the review itself.
 */
function factsOf(tx: Prisma.TransactionClient, where: Prisma.Sql, limit: number, now: Date): Promise<FactsRow[]> {
  return tx.$queryRaw<FactsRow[]>`
    SELECT r.id, r."serviceId", r.weight, r.verified, ${accountFactsColumns(now, Prisma.sql`r.id`)}
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
  await lockReviewedServices(
    tx,
    rows.map((row) => row.serviceId),
  );
  const weights = rows.map((row) => reviewWeight({ ...accountFacts(row), verifiedVisit: row.verified }, now));
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
 * What each review's account weighs by itself, without the review's visit (accountWeight): the
 * burst rule judges an account new by it (features/reviews/server/burst.ts), so a verified visit
 * takes no review out of it.
 */
export async function reviewersWeights(
  tx: Prisma.TransactionClient,
  reviewIds: string[],
): Promise<Map<string, number>> {
  if (!reviewIds.length) return new Map();
  const now = new Date();
  const rows = await factsOf(tx, Prisma.sql`r.id = ANY(${reviewIds}::uuid[])`, reviewIds.length, now);
  return new Map(rows.map((row) => [row.id, accountWeight(accountFacts(row), now)]));
}

/**
 * An account's weight as a reporter of someone else's review: what it weighs by itself, with no
 * visit to verify. A report only hides a review when the reporters' weights add up
 * (features/reviews/server/moderation.ts).
 */
export async function reporterWeight(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  const now = new Date();
  const [row] = await tx.$queryRaw<AccountFactsRow[]>`
    SELECT ${accountFactsColumns(now)} FROM users u WHERE u.id = ${userId}::uuid`;
  return row ? accountWeight(accountFacts(row), now) : 0;
}
