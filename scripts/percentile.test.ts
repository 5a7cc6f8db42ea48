import { describe, expect, it } from "vitest";

import { latencySummary, percentile } from "@/scripts/percentile.mjs";

describe("percentile", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);

  it("is the value below which p % of the values lie, whatever their order", () => {
    expect(percentile(hundred, 50)).toBe(51);
    expect(percentile(hundred, 95)).toBe(96);
    expect(percentile(hundred, 99)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
  });

  it("is the largest value at 100 and the only one of a single value", () => {
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
  });

  it("is 0 without values and leaves the values as they were", () => {
    expect(percentile([], 95)).toBe(0);
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("latencySummary", () => {
  it("gives p50, p95 and p99 rounded to a tenth", () => {
    expect(latencySummary(Array.from({ length: 200 }, (_, index) => index / 3))).toEqual({
      p50: 33.3,
      p95: 63.3,
      p99: 66,
    });
  });
});
