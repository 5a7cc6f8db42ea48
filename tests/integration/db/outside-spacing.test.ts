import { describe, expect, it } from "vitest";

import { reserveOutsideCall } from "@/lib/jobs/outside-spacing";

/**
 * Nominatim allows one request per second for the whole application: the slots are booked in the
 * database, so every app instance (here: concurrent callers on the same database) agrees.
 */
describe("spacing calls to an outside service", () => {
  it("books concurrent callers one interval apart, none sharing a slot", async () => {
    const booked = await Promise.all(Array.from({ length: 5 }, () => reserveOutsideCall("test-spaced", 200, 5000)));
    const starts = booked.map((slot) => slot!.startsAt.getTime()).sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(200);
    expect(Math.min(...booked.map((slot) => slot!.waitMs))).toBeLessThan(100);
  });

  it("refuses a slot further away than the caller will wait, and books nothing for it", async () => {
    const first = await reserveOutsideCall("test-full", 1000, 0);
    expect(first?.waitMs).toBe(0);
    expect(await reserveOutsideCall("test-full", 1000, 500)).toBeNull();
    const second = await reserveOutsideCall("test-full", 1000, 1500);
    expect(second!.startsAt.getTime() - first!.startsAt.getTime()).toBe(1000);
    // The refusal moved nothing: the next booking is one interval after the last accepted one.
    const third = await reserveOutsideCall("test-full", 1000, 5000);
    expect(third!.startsAt.getTime() - first!.startsAt.getTime()).toBe(2000);
  });

  it("keeps services apart", async () => {
    expect((await reserveOutsideCall("test-a", 1000, 0))?.waitMs).toBe(0);
    expect((await reserveOutsideCall("test-b", 1000, 0))?.waitMs).toBe(0);
  });
});
