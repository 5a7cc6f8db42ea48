import { REQUEST_REMINDER_HOURS, RESPONSE_MIN_REQUESTS, RESPONSE_WINDOW_DAYS } from "@/features/requests/rules";
import { accountWeight, couldMoveReviews, type AccountFacts } from "@/features/reviews/weight";

/**
 * A service's response figures from its side of drivers' requests (features/requests/rules.ts):
 * how long it usually takes to answer and how many requests it answers. Shown on its page, its
 * cards and next to its answers, so a driver can tell a shop that replies within the hour from
 * one that never does.
 *
 * Over the targets sent in the last RESPONSE_WINDOW_DAYS days. A target counts once the service
 * answered it (or declined: a quick "no" is an answer too), or once its request closed unanswered
 * after the service had REQUEST_REMINDER_HOURS to answer; one still waiting on an open request does
 * not count yet (a request sent five minutes ago lowers nothing), and neither does one the driver
 * accepted elsewhere or cancelled sooner than that (the shop had no fair chance). Only requests
 * from drivers whose account could move a review when they asked count (couldMoveReviews in
 * features/reviews/weight.ts, the line the burst rule draws too): accounts cost nothing, and three
 * made a minute ago, answered at once by the shop itself, would otherwise set "0 min, 100 %".
 * The rate is answered / counted, in hundredths; the time the median of minutes from sending to
 * the first answer over the answered ones (a few very slow answers do not drown the usual),
 * rounded to a minute. Both null under RESPONSE_MIN_REQUESTS counted: two requests say
 * nothing yet. The rate without a time (0) when none of enough counted was answered.
 */
export type TargetFacts = {
  /** When the request reached the service (the target's createdAt). */
  sentAt: Date;
  /** Its first answer or decline; null while none. */
  answeredAt: Date | null;
  /** When its request stopped waiting for answers (accepted, cancelled or expired); null while open. */
  closedAt: Date | null;
  /** The account of the driver who asked as it stood then (its e-mail and reviews by sentAt), for the weight rule (features/reviews/weight.ts). */
  driver: AccountFacts;
};

export type ResponseFigures = {
  /** Median minutes to a first answer. */
  responseTime: number | null;
  /** Share of the counted requests answered, 0..1 in hundredths. */
  responseRate: number | null;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FAIR_CHANCE_MS = REQUEST_REMINDER_HOURS * 3_600_000;

/**
 * The driver's account, as it stood when they asked, weighs enough to move a review: its age then,
 * and (features/reviews/server/account-facts-sql.ts reads them as of sentAt) its e-mail and reviews then.
 */
const fromEstablished = (target: TargetFacts) => couldMoveReviews(accountWeight(target.driver, target.sentAt));

/** Answered, or closed unanswered after the service had its fair chance to answer. */
const settled = (target: TargetFacts) =>
  target.answeredAt !== null ||
  (target.closedAt !== null && target.closedAt.getTime() - target.sentAt.getTime() >= FAIR_CHANCE_MS);

export function responseFigures(targets: readonly TargetFacts[], now: Date = new Date()): ResponseFigures {
  const since = now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS;
  const counted = targets.filter(
    (target) =>
      target.sentAt.getTime() > since &&
      target.sentAt.getTime() <= now.getTime() &&
      settled(target) &&
      fromEstablished(target),
  );
  if (counted.length < RESPONSE_MIN_REQUESTS) return { responseTime: null, responseRate: null };
  const minutes = counted
    .filter((target) => target.answeredAt !== null)
    // A clock a little behind on the answering side must not make a negative time.
    .map((target) => Math.max(0, (target.answeredAt!.getTime() - target.sentAt.getTime()) / MINUTE_MS))
    .sort((a, b) => a - b);
  return {
    responseTime: minutes.length ? Math.round(median(minutes)) : null,
    responseRate: Math.round((minutes.length / counted.length) * 100) / 100,
  };
}

/** The middle of sorted numbers, or the mean of the two middles of an even count. */
function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
