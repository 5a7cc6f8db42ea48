import { describe, expect, it } from "vitest";

import { BURST, detectBurst, holdWhileFlagged, type RecentReview } from "@/features/reviews/burst-rule";

const fresh = (id: string, avg: number, weight = 0.1, accountWeight = weight): RecentReview => ({
  id,
  avg,
  weight,
  accountWeight,
});
const honest = { mean: 3, unweightedMean: 3, count: 5 };
const empty = { mean: null, unweightedMean: null, count: 0 };

describe("detectBurst", () => {
  it("flags high ratings from low-weight accounts, not only low ones", () => {
    const recent = [fresh("a", 5), fresh("b", 5), fresh("c", 4.67)];
    expect(detectBurst(honest, recent.slice(0, 2), 3.75)).toBeNull();
    expect(detectBurst(honest, recent, 3.75)).toEqual({ direction: "high", held: ["a", "b", "c"] });
  });

  it("flags low ratings that are not 1★ or 2★ but far below the standing average (2.33 on a 4.4 station)", () => {
    const standing = { mean: 4.4, unweightedMean: 4.4, count: 5 };
    const recent = [fresh("a", 2.33), fresh("b", 2.33), fresh("c", 2.33), fresh("d", 2.33)];
    expect(detectBurst(standing, recent, 3.75)).toEqual({ direction: "low", held: ["a", "b", "c", "d"] });
  });

  it("leaves alone low-weight reviews that agree with the standing average", () => {
    const standing = { mean: 4.6, unweightedMean: 4.6, count: 8 };
    expect(detectBurst(standing, [fresh("a", 5), fresh("b", 5), fresh("c", 4.33)], 3.75)).toBeNull();
  });

  it("holds only the reviews pulling the burst's way, not a fresh account agreeing with the station", () => {
    const recent = [fresh("a", 1), fresh("b", 1.33), fresh("c", 3), fresh("d", 1), fresh("e", 3.2, 0.6)];
    expect(detectBurst(honest, recent, 3.75)).toEqual({ direction: "low", held: ["a", "b", "d"] });
  });

  it("measures a new station's reviews against the mean of all stations (or the middle of the scale)", () => {
    const recent = [fresh("a", 5), fresh("b", 5), fresh("c", 5)];
    expect(detectBurst(empty, recent, 3.75)?.direction).toBe("high");
    expect(detectBurst(empty, [fresh("a", 4), fresh("b", 4), fresh("c", 4)], 0)?.direction).toBe("high");
    expect(detectBurst(empty, [fresh("a", 3.5), fresh("b", 4), fresh("c", 4)], 3.75)).toBeNull();
  });

  it("flags a sharp shift of the plain mean from accounts not yet fully trusted, even above the low weight", () => {
    // Month-old accounts (0.55) weigh more than ESTABLISHED_WEIGHT, but four of them moving the plain mean by 1.5 stars is a wave.
    const recent = ["a", "b", "c", "d"].map((id) => fresh(id, 5, 0.55));
    expect(detectBurst({ mean: 3, unweightedMean: 3, count: 2 }, recent, 3.75)).toEqual({
      direction: "high",
      held: ["a", "b", "c", "d"],
    });
    expect(detectBurst({ mean: 3, unweightedMean: 3, count: 40 }, recent, 3.75)).toBeNull();
  });

  it("judges an account new by what it weighs by itself: a verified visit does not take a wave out of the first sign", () => {
    // Week-old confirmed accounts whose reviews a visit (an accepted request, a code) lifted to 0.325.
    const standing = { mean: 3, unweightedMean: 3, count: 12 };
    const verified = ["a", "b", "c", "d"].map((id) => fresh(id, 5, 0.325, 0.213));
    expect(detectBurst(standing, verified, 3.75)).toEqual({ direction: "high", held: ["a", "b", "c", "d"] });
    // The same reviews from accounts that weigh that much by themselves are no sign of a wave.
    const grown = ["a", "b", "c", "d"].map((id) => fresh(id, 5, 0.325, 0.325));
    expect(detectBurst(standing, grown, 3.75)).toBeNull();
  });

  it(`needs ${BURST.count} reviews`, () => {
    expect(detectBurst(honest, [fresh("a", 1), fresh("b", 1)], 3.75)).toBeNull();
    expect(detectBurst(empty, [fresh("a", 1, 0.6), fresh("b", 1, 0.6)], 3.75)).toBeNull();
  });
});

describe("holdWhileFlagged", () => {
  it("holds a not yet trusted review that pulls either way, and lets the rest count", () => {
    expect(holdWhileFlagged(honest, fresh("a", 5), 3.75)).toBe(true);
    expect(holdWhileFlagged(honest, fresh("a", 1), 3.75)).toBe(true);
    expect(holdWhileFlagged(honest, fresh("a", 3.33), 3.75)).toBe(false);
    expect(holdWhileFlagged(honest, fresh("a", 5, 1), 3.75)).toBe(false);
  });
});
