import { describe, expect, it } from "vitest";
import { reserveOutsideCall } from "@/lib/server/outside-spacing";

/**
 * Nominatim allows one request per second for the whole application: the slots are booked in the
 * database, so every app instance (here: concurrent callers on the same database) agrees.
 */
describe("spacing calls to an outside service", () => {
  it("books concurrent callers one interval apart, none sharing a slot", async () => {
    // When each caller may start: the moment its booking answered plus the wait it was given.
    const starts = await Promise.all(Array.from({ length: 5 }, () => reserveOutsideCall("test-spaced", 200, 5000).then((wait) => Date.now() + wait!)));
    const sorted = [...starts].sort((a, b) => a - b);
    // A few ms of slack: each start is read on this side, after its answer travelled back.
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(180);
    expect(sorted.at(-1)! - sorted[0]!).toBeGreaterThanOrEqual(4 * 200 - 40);
  });

  it("refuses a slot further away than the caller will wait, and books nothing for it", async () => {
    expect(await reserveOutsideCall("test-full", 1000, 0)).toBe(0);
    expect(await reserveOutsideCall("test-full", 1000, 500)).toBeNull();
    expect(await reserveOutsideCall("test-full", 1000, 1500)).toBeGreaterThan(800);
    // The refusal moved nothing: the next booking is one interval after the last accepted one.
    const next = await reserveOutsideCall("test-full", 1000, 5000);
    expect(next).toBeGreaterThan(1800);
    expect(next).toBeLessThan(2100);
  });

  it("keeps services apart", async () => {
    expect(await reserveOutsideCall("test-a", 1000, 0)).toBe(0);
    expect(await reserveOutsideCall("test-b", 1000, 0)).toBe(0);
  });
});
