/**
 * How much one review counts in a service's averages and ranking score: 0.05 for a brand-new
 * account nobody knows anything about, up to 1 for a reviewer who has shown they are a real,
 * lasting customer. Every review is shown at once; the weight only decides how far it moves the
 * numbers. Making accounts is free, so what an account has not yet shown is what an attacker
 * cannot buy in bulk: time, a real visit, and reviews that stood.
 *
 *   weight = FLOOR + CONFIRMED_EMAIL + AGE × min(1, age / MATURE_DAYS) + CLEAN_REVIEW × clean − HIDDEN_PENALTY × hidden
 *
 * then held within [FLOOR, 1]; a verified visit lifts it to at least VERIFIED_VISIT (less the
 * penalty for hidden reviews). Rounded to three decimals so the refresh job writes only real changes.
 *
 * Examples: a minute-old account 0.05 (0.10 with a confirmed e-mail); a confirmed one four weeks old
 * 0.55; two months old and confirmed 1; a confirmed account a week old with a verified visit 0.9.
 */

/** What a brand-new, unconfirmed account's review counts: visible, but twenty of them weigh one review. */
export const FLOOR = 0.05;
/** A confirmed e-mail: cheap (throw-away inboxes exist), so a small step. */
export const CONFIRMED_EMAIL = 0.05;
/** The account's age is most of the weight: it cannot be faked in bulk, only waited for. */
export const AGE = 0.9;
/** After this many days the age counts in full (eight weeks: longer than a review campaign lasts). */
export const MATURE_DAYS = 56;
/** Each earlier review that stood (not hidden by a moderator) for CLEAN_AFTER_DAYS. */
export const CLEAN_REVIEW = 0.1;
/** At most this many earlier reviews count, so a reviewer cannot farm weight by reviewing everything. */
export const CLEAN_REVIEWS_MAX = 3;
/** An earlier review counts as history only once it has stood this long (it could still be reported). */
export const CLEAN_AFTER_DAYS = 7;
/** Each review a moderator hid takes this much off. */
export const HIDDEN_PENALTY = 0.25;
/**
 * A review posted with a visit code the station issued: someone was there. Not quite 1, because the
 * owner hands out the codes (features/reviews/server/visit-codes.ts limits how many).
 */
export const VERIFIED_VISIT = 0.9;
/** A weight of at least this counts fully ("9 count fully"). */
export const FULL_WEIGHT = 1;
/** Weights are kept to three decimals (a step of 0.001). */
const WEIGHT_SCALE = 1000;

const DAY_MS = 86_400_000;

export type ReviewerFacts = {
  /** When the account was made. */
  createdAt: Date;
  emailConfirmed: boolean;
  /** The review being weighed was posted with a visit code. */
  verifiedVisit: boolean;
  /** The reviewer's other reviews, not hidden, older than CLEAN_AFTER_DAYS. */
  cleanReviews: number;
  /** The reviewer's reviews a moderator hid (the automatic hide on reports is no verdict and does not count). */
  hiddenReviews: number;
};

export function reviewWeight(facts: ReviewerFacts, now: Date = new Date()): number {
  const ageDays = Math.max(0, (now.getTime() - facts.createdAt.getTime()) / DAY_MS);
  const penalty = HIDDEN_PENALTY * facts.hiddenReviews;
  let weight =
    FLOOR +
    (facts.emailConfirmed ? CONFIRMED_EMAIL : 0) +
    AGE * Math.min(1, ageDays / MATURE_DAYS) +
    CLEAN_REVIEW * Math.min(CLEAN_REVIEWS_MAX, facts.cleanReviews) -
    penalty;
  if (facts.verifiedVisit) weight = Math.max(weight, VERIFIED_VISIT - penalty);
  weight = Math.min(1, Math.max(FLOOR, weight));
  return Math.round(weight * WEIGHT_SCALE) / WEIGHT_SCALE;
}

/** Whether a review of this weight counts fully. */
export function countsFully(weight: number): boolean {
  return weight >= FULL_WEIGHT;
}
