import { describe, expect, it } from "vitest";

import { delayAfterFailure, FREE_FAILURES } from "@/features/accounts/server/sign-in-throttle";

describe("delayAfterFailure", () => {
  it("lets a few typos go without waiting", () => {
    expect(FREE_FAILURES).toBe(3);
    expect([0, 1, 2].map(delayAfterFailure)).toEqual([0, 0, 0]);
  });

  it("then doubles from one second", () => {
    expect([3, 4, 5, 6, 7, 8].map(delayAfterFailure)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(delayAfterFailure(12)).toBe(512);
  });

  it("never waits more than 15 minutes, however many failures (no overflow to Infinity or NaN)", () => {
    expect(delayAfterFailure(13)).toBe(900);
    for (const failures of [14, 50, 1000, 10_000, Number.MAX_SAFE_INTEGER])
      expect(delayAfterFailure(failures), String(failures)).toBe(900);
  });
});
