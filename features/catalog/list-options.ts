/** How the public lists page, sort and show (spec §2, §9). */

export const PAGE_SIZE = 12;

export const CAROUSEL_INTERVAL_MS = 5000;

/** Spec: a horizontal swipe of at least this many pixels moves to the next picture. */
export const SWIPE_THRESHOLD_PX = 40;

export const SORT_KEYS = [
  "rating.desc",
  "rating.asc",
  "price.desc",
  "price.asc",
  "quality.desc",
  "quality.asc",
  "speed.desc",
  "speed.asc",
] as const;
