import { couldMoveReviews } from "@/features/reviews/weight";

/**
 * Bursts: a wave of reviews in one direction from accounts that have not yet shown much
 * (features/reviews/weight.ts), the way both extortion (1★) and bought praise (5★) arrive. Their
 * low weight already keeps each review from moving the rating much; a burst goes further: the
 * service is flagged for an admin (features/admin), and the wave's reviews are held out of the
 * aggregates until the admin has looked, so twenty fresh accounts cannot add up to one honest
 * customer either.
 *
 * A review "pulls" a way when its average lies at least BURST.minPull stars above or below the
 * service's standing average: the weighted average of its counted reviews outside the wave (for a
 * service without any, the mean of all services, or the middle of the scale before there is one).
 * Measuring against the standing average, not fixed star limits, catches 2.33★ against a 4.4
 * station as well as 1★, and 5★ against a 2.0 one.
 *
 * Two signs of a burst, among the reviews written or edited in the last BURST.windowHours:
 * - BURST.count or more reviews pulling the same way from new accounts (an account that by itself
 *   weighs less than ESTABLISHED_WEIGHT: younger than about ten days, no history). What the
 *   account weighs, not the review: a verified visit (a code, or the shop's answer to a request
 *   that the driver accepted) is in the shop's hands, so a review bound to one counts here like
 *   any other;
 * - BURST.count or more reviews from accounts not yet fully trusted (weight below 1) that together
 *   shift the service's plain, unweighted mean by BURST.meanShift stars or more: older sleeper
 *   accounts, or visit codes handed out to friends.
 * Three in a day is far above what a station normally gets from brand-new accounts (a handful of
 * reviews a week), yet low enough to catch a wave before it moves a listing.
 */
export const BURST = {
  count: 3,
  windowHours: 24,
  /** Stars away from the standing average for a review to pull. */
  minPull: 1,
  /** Stars the plain mean must move for the second sign. */
  meanShift: 1,
} as const;

/** The middle of the 1–5 scale: the reference before any service has a rating. */
const MIDPOINT = 3;

export type BurstDirection = "high" | "low";

/**
 * A counted review written in the window by an account not yet fully trusted (weight < 1), with
 * what its account weighs by itself (accountWeight in features/reviews/weight.ts, no visit).
 */
export type RecentReview = { id: string; avg: number; weight: number; accountWeight: number };

/** The service's counted reviews outside the window (or from fully trusted accounts). */
export type Standing = { mean: number | null; unweightedMean: number | null; count: number };

function reference(standing: Standing, meanOfAll: number): number {
  if (standing.mean !== null && standing.count > 0) return standing.mean;
  return meanOfAll > 0 ? meanOfAll : MIDPOINT;
}

function pull(avg: number, ref: number): BurstDirection | null {
  if (avg >= ref + BURST.minPull) return "high";
  if (avg <= ref - BURST.minPull) return "low";
  return null;
}

/** Whether the recent reviews make a burst, which way, and which of them to hold. */
export function detectBurst(
  standing: Standing,
  recent: readonly RecentReview[],
  meanOfAll: number,
): { direction: BurstDirection; held: string[] } | null {
  const ref = reference(standing, meanOfAll);
  const pulling = (direction: BurstDirection) => recent.filter((review) => pull(review.avg, ref) === direction);
  const burst = (direction: BurstDirection) => ({ direction, held: pulling(direction).map((review) => review.id) });
  for (const direction of ["high", "low"] as const)
    if (pulling(direction).filter((review) => !couldMoveReviews(review.accountWeight)).length >= BURST.count)
      return burst(direction);
  if (recent.length >= BURST.count && standing.unweightedMean !== null && standing.count > 0) {
    const sum = recent.reduce((total, review) => total + review.avg, 0);
    const shifted = (standing.unweightedMean * standing.count + sum) / (standing.count + recent.length);
    const shift = shifted - standing.unweightedMean;
    if (Math.abs(shift) >= BURST.meanShift) return burst(shift > 0 ? "high" : "low");
  }
  return null;
}

/** While a service is flagged, a new review from an account not yet fully trusted that pulls either way waits too. */
export function holdWhileFlagged(standing: Standing, review: RecentReview, meanOfAll: number): boolean {
  return review.weight < 1 && pull(review.avg, reference(standing, meanOfAll)) !== null;
}
