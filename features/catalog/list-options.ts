/** How the public lists page, sort and show (spec §2, §9). */

export const PAGE_SIZE = 12;

export const CAROUSEL_INTERVAL_MS = 5000;

/** Spec: a horizontal swipe of at least this many pixels moves to the next picture. */
export const SWIPE_THRESHOLD_PX = 40;

/** The sorts by a rating (the smoothed scores, features/reviews/server/rating-sql.ts), each either way. */
export const RATING_SORT_KEYS = [
  "rating.desc",
  "rating.asc",
  "price.desc",
  "price.asc",
  "quality.desc",
  "quality.asc",
  "speed.desc",
  "speed.asc",
] as const;

export type RatingSort = (typeof RATING_SORT_KEYS)[number];

/**
 * Every sort: by a rating, or "nearest": by each service's own distance from the list's point
 * (`near`, which it needs), masters who come to the point among the rest.
 */
export const SORT_KEYS = [...RATING_SORT_KEYS, "nearest"] as const;

/**
 * What the sort control's empty choice (no sort chosen) says the order is (Filters messages): a
 * job's list is cheapest first, unless near a point, where the distance orders it (the masters who
 * come to the point, then nearest first) and the price only breaks ties.
 */
export function defaultSortLabel(query: { job?: unknown; near?: unknown }): "sortCheapest" | "sortDefault" {
  return query.job && !query.near ? "sortCheapest" : "sortDefault";
}
