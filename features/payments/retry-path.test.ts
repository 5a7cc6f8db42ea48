import { describe, expect, it } from "vitest";

import { retryPath } from "@/features/payments/retry-path";

describe("retryPath: where Try again leads from a card payment's result", () => {
  it("an owner's own station: back to their prepared order", () => {
    expect(retryPath({ stoId: "3f0c", unclaimed: false })).toBe("/placeorder");
  });

  it("a claimant paying for a place nobody holds yet: back to that place's order", () => {
    expect(retryPath({ stoId: "3f0c2b4e-0000-4000-8000-000000000001", unclaimed: true })).toBe(
      "/placeorder?sto=3f0c2b4e-0000-4000-8000-000000000001",
    );
  });

  it("the station id is escaped in the address", () => {
    expect(retryPath({ stoId: "a b&c", unclaimed: true })).toBe("/placeorder?sto=a%20b%26c");
  });

  it("no payment known, or its station deleted: the prepared order", () => {
    expect(retryPath(null)).toBe("/placeorder");
    expect(retryPath({ stoId: null, unclaimed: true })).toBe("/placeorder");
  });
});
