import { describe, expect, it } from "vitest";

import { countsFully, FLOOR, reviewWeight, VERIFIED_VISIT, type ReviewerFacts } from "@/features/reviews/weight";

const NOW = new Date("2026-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const fresh: ReviewerFacts = {
  createdAt: daysAgo(0),
  emailConfirmed: false,
  verifiedVisit: false,
  cleanReviews: 0,
  hiddenReviews: 0,
};
const weigh = (facts: Partial<ReviewerFacts>) => reviewWeight({ ...fresh, ...facts }, NOW);

describe("reviewWeight", () => {
  it("counts a brand-new account's review at the floor, a little more with a confirmed e-mail", () => {
    expect(weigh({})).toBe(FLOOR);
    expect(weigh({ emailConfirmed: true })).toBeCloseTo(0.1, 6);
    expect(weigh({ createdAt: new Date(NOW.getTime() - 60_000), emailConfirmed: true })).toBeCloseTo(0.1, 6);
  });

  it("grows with the account's age and reaches 1 after eight weeks with a confirmed e-mail", () => {
    const week = weigh({ emailConfirmed: true, createdAt: daysAgo(7) });
    const month = weigh({ emailConfirmed: true, createdAt: daysAgo(28) });
    expect(week).toBeGreaterThan(0.1);
    expect(week).toBeLessThan(0.25);
    expect(month).toBeCloseTo(0.55, 6);
    expect(weigh({ emailConfirmed: true, createdAt: daysAgo(56) })).toBe(1);
    expect(weigh({ emailConfirmed: true, createdAt: daysAgo(400) })).toBe(1);
    expect(weigh({ emailConfirmed: false, createdAt: daysAgo(400) })).toBeCloseTo(0.95, 6);
  });

  it("counts a verified visit nearly fully, even from a new account", () => {
    expect(weigh({ verifiedVisit: true })).toBe(VERIFIED_VISIT);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: daysAgo(56) })).toBe(1);
  });

  it("adds a clean history of up to three reviews, and takes off for reviews a moderator hid", () => {
    expect(weigh({ cleanReviews: 1 })).toBeCloseTo(0.15, 6);
    expect(weigh({ cleanReviews: 3 })).toBeCloseTo(0.35, 6);
    expect(weigh({ cleanReviews: 30 })).toBeCloseTo(0.35, 6);
    expect(weigh({ emailConfirmed: true, createdAt: daysAgo(28), cleanReviews: 3 })).toBeCloseTo(0.85, 6);
    expect(weigh({ emailConfirmed: true, createdAt: daysAgo(400), hiddenReviews: 1 })).toBeCloseTo(0.75, 6);
    expect(weigh({ verifiedVisit: true, hiddenReviews: 1 })).toBeCloseTo(0.65, 6);
    expect(weigh({ hiddenReviews: 9 })).toBe(FLOOR);
  });

  it("never counts a review for more than one, nor less than the floor", () => {
    const heaviest = weigh({ emailConfirmed: true, createdAt: daysAgo(999), cleanReviews: 9, verifiedVisit: true });
    expect(heaviest).toBe(1);
    expect(weigh({ createdAt: new Date(NOW.getTime() + 86_400_000) })).toBe(FLOOR);
  });

  it("says which weights count fully", () => {
    expect(countsFully(1)).toBe(true);
    expect(countsFully(0.999)).toBe(false);
  });
});
