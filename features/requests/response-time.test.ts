import { describe, expect, it } from "vitest";

import { responseFigures, type TargetFacts } from "@/features/requests/response-time";
import { RESPONSE_MIN_REQUESTS, RESPONSE_WINDOW_DAYS } from "@/features/requests/rules";
import type { AccountFacts } from "@/features/reviews/weight";

const NOW = new Date("2026-11-26T12:00:00Z");
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (msAgo: number) => new Date(NOW.getTime() - msAgo);
/** A driver whose reviews count fully: a confirmed account of a year. */
const ESTABLISHED: AccountFacts = { createdAt: at(365 * DAY), emailConfirmed: true, cleanReviews: 0, hiddenReviews: 0 };

/**
 * A target sent `sentDaysAgo` days ago, answered `minutes` after (null: not answered), its request
 * still open or closed `closedAfter` minutes after sending (default: 72 hours, closed by time).
 */
function target(
  minutes: number | null,
  options: { sentDaysAgo?: number; open?: boolean; closedAfter?: number; driver?: AccountFacts } = {},
): TargetFacts {
  const sentAt = at((options.sentDaysAgo ?? 1) * DAY);
  return {
    sentAt,
    answeredAt: minutes === null ? null : new Date(sentAt.getTime() + minutes * MINUTE),
    closedAt: options.open ? null : new Date(sentAt.getTime() + (options.closedAfter ?? 72 * 60) * MINUTE),
    driver: options.driver ?? ESTABLISHED,
  };
}

describe("responseFigures", () => {
  it("is the median minutes to a first answer and the share answered, from three counted targets on", () => {
    expect(responseFigures([target(10), target(30), target(20)], NOW)).toEqual({ responseTime: 20, responseRate: 1 });
  });

  it("takes the middle of an odd count, whatever the order and however far out the extremes", () => {
    expect(responseFigures([target(600), target(5), target(7), target(9), target(4000)], NOW).responseTime).toBe(9);
  });

  it("takes the mean of the two middles of an even count, rounded to a whole minute", () => {
    expect(responseFigures([target(10), target(20), target(30), target(40)], NOW).responseTime).toBe(25);
    // 10 and 15 → 12.5 → 13 (half rounds up).
    expect(responseFigures([target(1), target(10), target(15), target(90)], NOW).responseTime).toBe(13);
    // 10 and 13 → 11.5 → 12.
    expect(responseFigures([target(1), target(10), target(13), target(90)], NOW).responseTime).toBe(12);
  });

  it("measures in seconds' precision before rounding (an answer 90 s after is 1.5 min → 2)", () => {
    const sentAt = at(DAY);
    const answer = (seconds: number): TargetFacts => ({
      sentAt,
      answeredAt: new Date(sentAt.getTime() + seconds * 1000),
      closedAt: NOW,
      driver: ESTABLISHED,
    });
    expect(responseFigures([answer(90), answer(90), answer(90)], NOW).responseTime).toBe(2);
    expect(responseFigures([answer(29), answer(29), answer(29)], NOW).responseTime).toBe(0);
  });

  it("counts unanswered targets of closed requests against the rate, not the time", () => {
    // Three answered (10, 20, 60 min) and one never answered before the request closed.
    expect(responseFigures([target(10), target(20), target(60), target(null)], NOW)).toEqual({
      responseTime: 20,
      responseRate: 0.75,
    });
  });

  it("does not count a silent service against its rate when the request closed before it had two hours", () => {
    // The driver accepted another answer after 30 minutes: the silent shop had no fair chance.
    const early = target(null, { closedAfter: 30 });
    expect(responseFigures([target(10), target(20), target(30), early], NOW).responseRate).toBe(1);
    expect(responseFigures([target(10), target(20), early], NOW)).toEqual({ responseTime: null, responseRate: null });
    // Closed exactly at two hours, or later: it counts.
    expect(
      responseFigures([target(10), target(20), target(30), target(null, { closedAfter: 120 })], NOW).responseRate,
    ).toBe(0.75);
  });

  it("gives the rate in hundredths", () => {
    expect(responseFigures([target(10), target(20), target(null)], NOW).responseRate).toBe(0.67);
    expect(responseFigures([target(10), target(null), target(null)], NOW).responseRate).toBe(0.33);
  });

  it("does not count a target still waiting on an open request: a request sent minutes ago lowers nothing", () => {
    const pending = target(null, { sentDaysAgo: 0.001, open: true });
    expect(responseFigures([target(10), target(20), target(30), pending, pending], NOW)).toEqual({
      responseTime: 20,
      responseRate: 1,
    });
    // Two answered and one waiting: only two count, too few to say anything.
    expect(responseFigures([target(10), target(20), pending], NOW)).toEqual({
      responseTime: null,
      responseRate: null,
    });
  });

  it("counts a target answered on a request that is still open", () => {
    expect(
      responseFigures([target(10, { open: true }), target(20, { open: true }), target(30, { open: true })], NOW),
    ).toEqual({ responseTime: 20, responseRate: 1 });
  });

  it("counts declines as answers: all declined is a full rate, timed to the declines", () => {
    // A decline sets answeredAt like an answer does; the facts do not tell them apart.
    expect(responseFigures([target(5), target(15), target(25)], NOW)).toEqual({ responseTime: 15, responseRate: 1 });
  });

  it("has a rate of 0 and no time when none of enough counted targets was answered", () => {
    expect(responseFigures([target(null), target(null), target(null)], NOW)).toEqual({
      responseTime: null,
      responseRate: 0,
    });
  });

  it("counts only requests from drivers whose account could move a review: three fresh accounts answered at once say nothing", () => {
    const fresh: AccountFacts = { createdAt: at(5 * MINUTE), emailConfirmed: true, cleanReviews: 0, hiddenReviews: 0 };
    const asked = (minutes: number | null, driver: AccountFacts) => target(minutes, { sentDaysAgo: 0.001, driver });
    expect(responseFigures([asked(0, fresh), asked(0, fresh), asked(0, fresh)], NOW)).toEqual({
      responseTime: null,
      responseRate: null,
    });
    // Nor do they drown a shop's real figures: one that keeps drivers waiting stays so.
    const real = [target(300), target(null), target(240)];
    expect(responseFigures([...real, asked(0, fresh), asked(0, fresh), asked(0, fresh)], NOW)).toEqual({
      responseTime: 270,
      responseRate: 0.67,
    });
    // A driver about ten days into a confirmed account, or with two reviews that stood, counts.
    const tenDays = { ...fresh, createdAt: at(10 * DAY) };
    const reviewer = { ...fresh, emailConfirmed: false, cleanReviews: 2 };
    expect(responseFigures([asked(0, tenDays), asked(4, reviewer), asked(2, tenDays)], NOW)).toEqual({
      responseTime: 2,
      responseRate: 1,
    });
    const weekOld = { ...fresh, createdAt: at(7 * DAY) };
    expect(responseFigures([asked(0, weekOld), asked(4, weekOld), asked(2, tenDays)], NOW).responseRate).toBeNull();
    // Judged as the account stood when it asked: puppets left to age do not count later for requests made fresh.
    const aged = { ...fresh, createdAt: at(20 * DAY) };
    const early = (minutes: number) => target(minutes, { sentDaysAgo: 19.99, driver: aged });
    expect(responseFigures([early(0), early(0), early(0)], NOW)).toEqual({ responseTime: null, responseRate: null });
  });

  it(`says nothing under ${RESPONSE_MIN_REQUESTS} counted targets`, () => {
    expect(RESPONSE_MIN_REQUESTS).toBe(3);
    expect(responseFigures([], NOW)).toEqual({ responseTime: null, responseRate: null });
    expect(responseFigures([target(10)], NOW)).toEqual({ responseTime: null, responseRate: null });
    expect(responseFigures([target(10), target(null)], NOW)).toEqual({ responseTime: null, responseRate: null });
  });

  it(`reads only targets sent within the last ${RESPONSE_WINDOW_DAYS} days (one sent exactly that long ago is out)`, () => {
    const edge: TargetFacts = {
      sentAt: at(RESPONSE_WINDOW_DAYS * DAY),
      answeredAt: at(0),
      closedAt: NOW,
      driver: ESTABLISHED,
    };
    const justInside: TargetFacts = {
      sentAt: at(RESPONSE_WINDOW_DAYS * DAY - 1000),
      answeredAt: at(RESPONSE_WINDOW_DAYS * DAY - 1000 - 40 * MINUTE),
      closedAt: NOW,
      driver: ESTABLISHED,
    };
    const old = target(1, { sentDaysAgo: RESPONSE_WINDOW_DAYS + 5 });
    expect(responseFigures([target(10), target(20), edge, old], NOW)).toEqual({
      responseTime: null,
      responseRate: null,
    });
    expect(responseFigures([target(10), target(20), justInside, edge, old], NOW)).toEqual({
      responseTime: 20,
      responseRate: 1,
    });
  });

  it("ignores targets dated after now (a clock ahead) and never reports a negative time", () => {
    const future: TargetFacts = { sentAt: at(-DAY), answeredAt: at(-DAY + MINUTE), closedAt: NOW, driver: ESTABLISHED };
    expect(responseFigures([target(10), target(20), future], NOW)).toEqual({ responseTime: null, responseRate: null });
    const early: TargetFacts = { sentAt: at(DAY), answeredAt: at(DAY + MINUTE), closedAt: NOW, driver: ESTABLISHED };
    expect(responseFigures([early, early, early], NOW).responseTime).toBe(0);
  });

  it("measures from now by default", () => {
    const recent: TargetFacts = {
      sentAt: new Date(Date.now() - DAY),
      answeredAt: new Date(Date.now() - DAY + 45 * MINUTE),
      closedAt: NOW,
      driver: ESTABLISHED,
    };
    expect(responseFigures([recent, recent, recent]).responseTime).toBe(45);
  });
});
