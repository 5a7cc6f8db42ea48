/**
 * Response figures (features/requests/response-time.ts computes them) as a driver reads them:
 * "usually answers within 2 h", "answers 90% of requests". "Within" must not promise less than the
 * median, so a duration is rounded up to the unit it is said in.
 */
export type ResponseDuration = { unit: "minute" | "hour" | "day"; value: number };

const HOUR = 60;
const DAY = 24 * HOUR;

/** Minutes as the largest sensible unit, rounded up: 14.2 → 15 min, 61 → 2 h, 23 h 1 min → 1 day. */
export function responseDuration(minutes: number): ResponseDuration {
  const whole = Math.max(1, Math.ceil(minutes));
  if (whole < HOUR) return { unit: "minute", value: whole };
  const hours = Math.ceil(whole / HOUR);
  if (hours < 24) return { unit: "hour", value: hours };
  return { unit: "day", value: Math.ceil(whole / DAY) };
}

/** The share answered (0..1) cut to whole percent, for a percent formatter: 0.996 is not yet "100%". */
export function responsePercent(rate: number): number {
  // The epsilon keeps 0.29 (28.999… × 100 in floating point) at 29%.
  return Math.floor(rate * 100 + 1e-9) / 100;
}
