import { publishedSql } from "@/domain/service/server/published";

/**
 * Fair ranking. Every rating sort (overall, quality, speed, price) orders by a Bayesian average
 * that pulls a service's average toward the mean of all published services' averages, as if it
 * had PRIOR_WEIGHT more reviews at that mean:
 *
 *   score = (PRIOR_WEIGHT × mean + n × average) / (PRIOR_WEIGHT + n)
 *
 * where average is the weighted average and n the summed weight of the counted reviews
 * (features/reviews/weight.ts): a review from an established account counts as one, twenty from
 * minute-old accounts as one between them. The examples below are for reviews that count fully.
 *
 * With the demo data's mean of 3.75, one 5-star review scores (10 × 3.75 + 5) / 11 = 3.86 and
 * two hundred reviews averaging 4.8 score 4.75; 4.5 from two reviews (3.875) ranks below 4.1 from
 * six (3.881), which a weight of 5 did not achieve. A service without reviews has no score (0): it
 * sorts after every reviewed one.
 * The scores are stored and indexed; a review write recomputes its service's (in the review's
 * transaction), and a job refreshes the mean and every score when the mean has moved.
 */
export const PRIOR_WEIGHT = 10;

const DIMENSIONS = [
  ["ratingScore", "ratingAvg", "rating"],
  ["qualityScore", "qualityAvg", "quality"],
  ["speedScore", "speedAvg", "speed"],
  ["priceScore", "priceAvg", "price"],
] as const;

/** SET list for `UPDATE services s … FROM rating_priors p WHERE p.id = 1`: each score from the stored averages. */
export const SCORE_ASSIGNMENTS = DIMENSIONS.map(
  ([score, average, prior]) =>
    `"${score}" = CASE WHEN s."numReviews" = 0 THEN 0 ELSE (p.weight * p.${prior} + s."weightSum" * s."${average}") / (p.weight + s."weightSum") END`,
).join(", ");

/** New mean of the published services' averages; the row changes only when a mean moved by more than 0.005, and then says so. */
export const REFRESH_PRIOR_SQL = `
  WITH mean AS (
    SELECT coalesce(avg(s."ratingAvg"), 0) AS rating, coalesce(avg(s."qualityAvg"), 0) AS quality,
           coalesce(avg(s."speedAvg"), 0) AS speed, coalesce(avg(s."priceAvg"), 0) AS price
    FROM services s WHERE s."numReviews" > 0 AND ${publishedSql("s")}
  )
  INSERT INTO rating_priors AS p (id, weight, rating, quality, speed, price, "updatedAt")
  SELECT 1, ${PRIOR_WEIGHT}, rating, quality, speed, price, now() FROM mean
  ON CONFLICT (id) DO UPDATE SET weight = excluded.weight, rating = excluded.rating, quality = excluded.quality,
    speed = excluded.speed, price = excluded.price, "updatedAt" = now()
  WHERE p.weight <> excluded.weight OR abs(p.rating - excluded.rating) > 0.005 OR abs(p.quality - excluded.quality) > 0.005
     OR abs(p.speed - excluded.speed) > 0.005 OR abs(p.price - excluded.price) > 0.005
  RETURNING 1`;

/** Every score from the current prior. */
export const REFRESH_ALL_SCORES_SQL = `UPDATE services s SET ${SCORE_ASSIGNMENTS} FROM rating_priors p WHERE p.id = 1`;
