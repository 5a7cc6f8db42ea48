/** Ratings: one review's average, a service's aggregates, and half-star display. */

import { countsFully, FULL_WEIGHT } from "@/features/reviews/weight";

export type RatingTriple = { quality: number; speed: number; price: number };

/** The three things every review rates, in the order the site shows them. */
export const RATING_ASPECTS = ["quality", "speed", "price"] as const satisfies readonly (keyof RatingTriple)[];

export type RatingAggregates = {
  ratingAvg: number;
  qualityAvg: number;
  speedAvg: number;
  priceAvg: number;
  numReviews: number;
  /** The reviews' summed weight (features/reviews/weight.ts), what the ranking score counts. */
  weightSum: number;
  /** How many count fully. */
  fullReviews: number;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export function reviewAverage({ quality, speed, price }: RatingTriple): number {
  return round2((quality + speed + price) / 3);
}

/**
 * The overall rating is the mean of the per-review averages (each rounded as stored, see
 * reviewAverage), each review weighted by its weight (1 when not given), kept exact: the same rule
 * as recomputeAggregates() in features/reviews/server/reviews.ts, so stored demo aggregates equal
 * what the app would compute from the same reviews (rounding here left some 0.006 apart).
 */
export function computeAggregates(reviews: (RatingTriple & { weight?: number })[]): RatingAggregates {
  const count = reviews.length;
  if (count === 0)
    return { ratingAvg: 0, qualityAvg: 0, speedAvg: 0, priceAvg: 0, numReviews: 0, weightSum: 0, fullReviews: 0 };
  const weightOf = (review: { weight?: number }) => review.weight ?? FULL_WEIGHT;
  const total = reviews.reduce((sum, review) => sum + weightOf(review), 0);
  const mean = (pick: (review: RatingTriple) => number) =>
    reviews.reduce((sum, review) => sum + weightOf(review) * pick(review), 0) / total;
  return {
    ratingAvg: mean(reviewAverage),
    qualityAvg: mean((review) => review.quality),
    speedAvg: mean((review) => review.speed),
    priceAvg: mean((review) => review.price),
    numReviews: count,
    weightSum: total,
    fullReviews: reviews.filter((review) => countsFully(weightOf(review))).length,
  };
}

/**
 * Whether a service has a rating to show. Every review rates each aspect 1–5, so the average is 0
 * exactly when no review counts yet: such a service is new, and "0.0" with five empty stars would
 * read as the worst rating there is.
 */
export function isRated(average: number): boolean {
  return average > 0;
}

export type Star = "full" | "half" | "empty";

/** Five stars for a 0–5 value, rounded to the nearest half. */
export function starsFor(value: number): Star[] {
  const halves = Math.round(Math.min(5, Math.max(0, value)) * 2);
  return Array.from({ length: 5 }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? "full" : left === 1 ? "half" : "empty";
  });
}
