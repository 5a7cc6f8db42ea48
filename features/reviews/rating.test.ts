import { describe, expect, it } from "vitest";

import { computeAggregates, isRated, reviewAverage, starsFor } from "@/features/reviews/rating";

describe("ratings", () => {
  it("averages one review's three ratings", () => {
    expect(reviewAverage({ quality: 5, speed: 4, price: 3 })).toBe(4);
    expect(reviewAverage({ quality: 5, speed: 5, price: 4 })).toBe(4.67);
  });

  it("aggregates per dimension and overall as the mean of review averages", () => {
    expect(
      computeAggregates([
        { quality: 5, speed: 3, price: 4 },
        { quality: 3, speed: 3, price: 3 },
      ]),
    ).toEqual({
      ratingAvg: 3.5,
      qualityAvg: 4,
      speedAvg: 3,
      priceAvg: 3.5,
      numReviews: 2,
      weightSum: 2,
      fullReviews: 2,
    });
  });

  it("weights each review by its reviewer's weight: a fresh account's 1★ barely moves an established 5★", () => {
    expect(
      computeAggregates([
        { quality: 5, speed: 5, price: 5, weight: 1 },
        { quality: 1, speed: 1, price: 1, weight: 0.1 },
      ]),
    ).toEqual({
      ratingAvg: 5.1 / 1.1,
      qualityAvg: 5.1 / 1.1,
      speedAvg: 5.1 / 1.1,
      priceAvg: 5.1 / 1.1,
      numReviews: 2,
      weightSum: 1.1,
      fullReviews: 1,
    });
  });

  it("averages the reviews' stored (rounded) averages, unrounded, as the database's recompute does", () => {
    // Stored as 3.67 and 4: the mean is 3.835, where rounding the mean of the exact triples gave 3.83.
    const { ratingAvg } = computeAggregates([
      { quality: 4, speed: 4, price: 3 },
      { quality: 4, speed: 4, price: 4 },
    ]);
    expect(ratingAvg).toBeCloseTo(3.835, 10);
  });

  it("gives zeros without reviews", () => {
    expect(computeAggregates([])).toEqual({
      ratingAvg: 0,
      qualityAvg: 0,
      speedAvg: 0,
      priceAvg: 0,
      numReviews: 0,
      weightSum: 0,
      fullReviews: 0,
    });
  });

  it("draws half stars", () => {
    expect(starsFor(3.5)).toEqual(["full", "full", "full", "half", "empty"]);
    expect(starsFor(4.74)).toEqual(["full", "full", "full", "full", "half"]);
    expect(starsFor(4.76)).toEqual(["full", "full", "full", "full", "full"]);
    expect(starsFor(0)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(starsFor(9)).toEqual(Array(5).fill("full"));
  });
});

describe("isRated", () => {
  it("reads an average of 0 as no counted review yet (every score is 1 to 5), not as the worst rating", () => {
    expect(isRated(computeAggregates([]).ratingAvg)).toBe(false);
    expect(isRated(computeAggregates([{ quality: 1, speed: 1, price: 1 }]).ratingAvg)).toBe(true);
    expect(isRated(4.33)).toBe(true);
  });
});
