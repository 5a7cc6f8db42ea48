/**
 * How much one review counts in a service's averages and ranking score: 0.05 for a brand-new
 * account nobody knows anything about, up to 1 for a reviewer who has shown they are a real,
 * lasting customer. Every review is shown at once; the weight only decides how far it moves the
 * numbers. Making accounts is free, so what an account has not yet shown is what an attacker
 * cannot buy in bulk: time, and reviews that stood.
 *
 *   earned  = AGE × min(1, age / MATURE_DAYS) + CLEAN_REVIEW × clean
 *   account = FLOOR + CONFIRMED_EMAIL + earned − HIDDEN_PENALTY × hidden
 *
 * held within [FLOOR, 1], is what the account weighs by itself (accountWeight). A review without
 * a verified visit weighs that. A verified visit counts what the account's age and history earned
 * once more, up to VERIFIED_VISIT (less the penalty for hidden reviews): a visit is proved by a
 * code or by the shop's answer to a request for a price that the driver accepted, and both are
 * in the shop's hands (an owner answering sock puppets, or a competitor's puppets asking an
 * honest shop that answers), so a visit alone must not lift an account past what its age and
 * history earn: a minute-old account's verified review weighs what its other reviews would.
 * Rounded to three decimals so the refresh job writes only real changes.
 *
 * Examples: a minute-old account 0.05 (0.10 with a confirmed e-mail), with a verified visit too; a
 * confirmed one four weeks old 0.55, 0.9 with a verified visit; a confirmed week-old one 0.213,
 * 0.325 with a verified visit; two months old and confirmed 1.
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
 * The most a verified visit lifts a review to: someone was there, but the owner hands out the codes
 * (features/reviews/server/visit-codes.ts limits how many) and answers the requests that bind them.
 */
export const VERIFIED_VISIT = 0.9;
/**
 * An account weighing this much by itself (a confirmed account about ten days old, or two reviews
 * that stood) could move a review: below it, it is new. The burst rule's first sign
 * (features/reviews/burst-rule.ts) and the response figures (features/requests/response-time.ts)
 * both draw the line here.
 */
export const ESTABLISHED_WEIGHT = 0.25;
/** A weight of at least this counts fully ("9 count fully"). */
export const FULL_WEIGHT = 1;
/** Weights are kept to three decimals (a step of 0.001). */
const WEIGHT_SCALE = 1000;

const DAY_MS = 86_400_000;

export type AccountFacts = {
  /** When the account was made. */
  createdAt: Date;
  emailConfirmed: boolean;
  /** The account's reviews, not hidden, older than CLEAN_AFTER_DAYS (other than the one weighed). */
  cleanReviews: number;
  /** The account's reviews a moderator hid (the automatic hide on reports is no verdict and does not count). */
  hiddenReviews: number;
};

export type ReviewerFacts = AccountFacts & {
  /** The review being weighed was posted with a visit code (typed, or bound by a confirmed job of a request). */
  verifiedVisit: boolean;
};

const round = (weight: number) => Math.round(Math.min(1, Math.max(FLOOR, weight)) * WEIGHT_SCALE) / WEIGHT_SCALE;

/** What the account's age and history earned, and its weight before holding and rounding. */
function standing(facts: AccountFacts, now: Date): { earned: number; penalty: number; weight: number } {
  const ageDays = Math.max(0, (now.getTime() - facts.createdAt.getTime()) / DAY_MS);
  const earned =
    AGE * Math.min(1, ageDays / MATURE_DAYS) + CLEAN_REVIEW * Math.min(CLEAN_REVIEWS_MAX, facts.cleanReviews);
  const penalty = HIDDEN_PENALTY * facts.hiddenReviews;
  return { earned, penalty, weight: FLOOR + (facts.emailConfirmed ? CONFIRMED_EMAIL : 0) + earned - penalty };
}

/** What an account weighs by itself, with no visit to verify: a reporter's weight, and the line of couldMoveReviews. */
export function accountWeight(facts: AccountFacts, now: Date = new Date()): number {
  return round(standing(facts, now).weight);
}

export function reviewWeight(facts: ReviewerFacts, now: Date = new Date()): number {
  const { earned, penalty, weight } = standing(facts, now);
  if (!facts.verifiedVisit) return round(weight);
  return round(Math.max(weight, Math.min(VERIFIED_VISIT - penalty, weight + earned)));
}

/** Whether an account of this weight (accountWeight) has shown enough to move a review: not new. */
export function couldMoveReviews(weight: number): boolean {
  return weight >= ESTABLISHED_WEIGHT;
}

/** Whether a review of this weight counts fully. */
export function countsFully(weight: number): boolean {
  return weight >= FULL_WEIGHT;
}
