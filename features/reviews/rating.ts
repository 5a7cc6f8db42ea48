/** Ratings: one review's average, a service's aggregates, and half-star display. */

export type RatingTriple = { quality: number; speed: number; price: number };

/** The three things every review rates, in the order the site shows them. */
export const RATING_ASPECTS = ["quality", "speed", "price"] as const satisfies readonly (keyof RatingTriple)[];

export type RatingAggregates = {
  ratingAvg: number;
  qualityAvg: number;
  speedAvg: number;
  priceAvg: number;
  numReviews: number;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export function reviewAverage({ quality, speed, price }: RatingTriple): number {
  return round2((quality + speed + price) / 3);
}

/** The overall rating is the mean of the per-review averages. */
export function computeAggregates(reviews: RatingTriple[]): RatingAggregates {
  const count = reviews.length;
  if (count === 0) return { ratingAvg: 0, qualityAvg: 0, speedAvg: 0, priceAvg: 0, numReviews: 0 };
  const mean = (pick: (review: RatingTriple) => number) =>
    round2(reviews.reduce((sum, review) => sum + pick(review), 0) / count);
  return {
    ratingAvg: mean((review) => (review.quality + review.speed + review.price) / 3),
    qualityAvg: mean((review) => review.quality),
    speedAvg: mean((review) => review.speed),
    priceAvg: mean((review) => review.price),
    numReviews: count,
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
