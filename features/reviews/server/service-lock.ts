import "server-only";

import { lockServices } from "@/domain/service/server/ownership";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The row locks every transaction that writes reviews takes first, before it touches a review:
 * the services whose reviews it will write, in id order, FOR NO KEY UPDATE (the lock
 * recomputeAggregates() in ./reviews.ts also takes, which the review insert's foreign-key check,
 * KEY SHARE, does not wait on). Taken late, as it once was, two review writes on one service each
 * held a review row the other's burst check or weighing then wanted, while waiting for the
 * service row the other held: PostgreSQL broke the deadlock by failing one of them (two 500s in
 * the cluster run under load). Taken first, in one order, writers on a service queue up instead.
 */
export function lockReviewedServices(tx: Prisma.TransactionClient, serviceIds: Iterable<string>): Promise<void> {
  return lockServices(tx, serviceIds, "no key update");
}
