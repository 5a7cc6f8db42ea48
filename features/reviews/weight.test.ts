import { describe, expect, it } from "vitest";

import {
  accountWeight,
  couldMoveReviews,
  countsFully,
  ESTABLISHED_WEIGHT,
  FLOOR,
  reviewWeight,
  VERIFIED_VISIT,
  type ReviewerFacts,
} from "@/features/reviews/weight";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

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

  it("lifts nothing a minute-old account has not earned with a verified visit (a request it asked and the shop accepted)", () => {
    expect(weigh({ verifiedVisit: true })).toBe(FLOOR);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true })).toBeCloseTo(0.1, 6);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: new Date(NOW.getTime() - 60_000) })).toBe(
      weigh({ emailConfirmed: true, createdAt: new Date(NOW.getTime() - 60_000) }),
    );
  });

  it("counts a verified visit as what the account's age and history earned again, up to 0.9", () => {
    // A confirmed week-old account earns 0.1125 by its age: 0.213 alone, 0.325 with a visit.
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: daysAgo(7) })).toBeCloseTo(0.325, 6);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: daysAgo(14) })).toBeCloseTo(0.55, 6);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: daysAgo(28) })).toBe(VERIFIED_VISIT);
    expect(weigh({ verifiedVisit: true, cleanReviews: 2 })).toBeCloseTo(0.45, 6);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: daysAgo(56) })).toBe(1);
    // Never below the same review without the visit.
    for (const days of [0, 1, 3, 10, 30, 50, 70])
      expect(weigh({ verifiedVisit: true, createdAt: daysAgo(days) })).toBeGreaterThanOrEqual(
        weigh({ createdAt: daysAgo(days) }),
      );
  });

  it("adds a clean history of up to three reviews, and takes off for reviews a moderator hid", () => {
    expect(weigh({ cleanReviews: 1 })).toBeCloseTo(0.15, 6);
    expect(weigh({ cleanReviews: 3 })).toBeCloseTo(0.35, 6);
    expect(weigh({ cleanReviews: 30 })).toBeCloseTo(0.35, 6);
    expect(weigh({ emailConfirmed: true, createdAt: daysAgo(28), cleanReviews: 3 })).toBeCloseTo(0.85, 6);
    expect(weigh({ emailConfirmed: true, createdAt: daysAgo(400), hiddenReviews: 1 })).toBeCloseTo(0.75, 6);
    expect(weigh({ verifiedVisit: true, hiddenReviews: 1 })).toBe(FLOOR);
    expect(weigh({ verifiedVisit: true, emailConfirmed: true, createdAt: daysAgo(28), hiddenReviews: 1 })).toBeCloseTo(
      0.65,
      6,
    );
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

describe("accountWeight", () => {
  const account = (facts: Partial<ReviewerFacts>) => accountWeight({ ...fresh, ...facts }, NOW);

  it("is what the account weighs by itself: the review weight without a visit", () => {
    expect(account({})).toBe(FLOOR);
    expect(account({ emailConfirmed: true, createdAt: daysAgo(28) })).toBeCloseTo(0.55, 6);
    expect(account({ emailConfirmed: true, createdAt: daysAgo(7), verifiedVisit: true })).toBe(0.213);
    expect(account({ emailConfirmed: true, createdAt: daysAgo(400), hiddenReviews: 1 })).toBeCloseTo(0.75, 6);
  });

  it("could move reviews from about ten days of a confirmed account on, or a history, never when minutes old", () => {
    expect(couldMoveReviews(account({ emailConfirmed: true }))).toBe(false);
    expect(couldMoveReviews(account({ emailConfirmed: true, createdAt: daysAgo(7) }))).toBe(false);
    expect(couldMoveReviews(account({ emailConfirmed: true, createdAt: daysAgo(10) }))).toBe(true);
    expect(couldMoveReviews(account({ cleanReviews: 2 }))).toBe(true);
    expect(couldMoveReviews(account({ emailConfirmed: true, createdAt: daysAgo(400), hiddenReviews: 4 }))).toBe(false);
    expect(couldMoveReviews(ESTABLISHED_WEIGHT)).toBe(true);
    expect(couldMoveReviews(ESTABLISHED_WEIGHT - 0.001)).toBe(false);
  });
});

describe("the ranking page's word on a verified visit", () => {
  it("says the rule: what age and history earned counts twice, up to VERIFIED_VISIT, never that a visit alone lifts a review", () => {
    for (const messages of [en, uk]) {
      const said = messages.Ranking.weightVisit;
      expect(said).toContain("{visit}");
      expect(said).not.toMatch(/straight away|одразу/);
    }
    expect(en.Ranking.weightVisit).toMatch(/twice/);
    expect(uk.Ranking.weightVisit).toMatch(/удвічі/);
  });
});
