import { describe, expect, it } from "vitest";

import { hoursOpen, openHoursOf, REQUEST_ASAP_OPEN_HOURS, REQUEST_OPEN_HOURS } from "./rules";

/** How long a request stays open, and how its wording reads that back from what was stored. */
describe("a request's hours", () => {
  it("as soon as possible is open for a few hours, certain days for 72", () => {
    expect(openHoursOf(true)).toBe(REQUEST_ASAP_OPEN_HOURS);
    expect(openHoursOf(false)).toBe(REQUEST_OPEN_HOURS);
    expect(REQUEST_ASAP_OPEN_HOURS).toBeLessThan(12);
  });

  it("reads the hours a request had from its stored times, so requests sent under an older rule say theirs", () => {
    const sent = "2026-12-06T10:00:00.000Z";
    expect(hoursOpen(sent, "2026-12-06T14:00:00.000Z")).toBe(4);
    expect(hoursOpen(new Date(sent), new Date("2026-12-09T10:00:00.000Z"))).toBe(72);
    // The write's own milliseconds do not make it 3 or 5.
    expect(hoursOpen("2026-12-06T10:00:00.004Z", "2026-12-06T14:00:00.007Z")).toBe(4);
  });
});
