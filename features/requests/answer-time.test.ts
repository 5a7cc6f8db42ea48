import { describe, expect, it } from "vitest";

import { kyivWallTime, kyivWallTimeToIso } from "./answer-time";

describe("an offered time typed as Kyiv's wall clock (the services' time, whatever the browser's zone)", () => {
  it("reads the datetime-local value as Kyiv time in winter (UTC+2) and summer (UTC+3)", () => {
    expect(kyivWallTimeToIso("2026-12-01T10:00")).toBe("2026-12-01T08:00:00.000Z");
    expect(kyivWallTimeToIso("2026-07-01T10:30")).toBe("2026-07-01T07:30:00.000Z");
  });

  it("crosses midnight and the changes of the clocks", () => {
    expect(kyivWallTimeToIso("2026-12-01T01:00")).toBe("2026-11-30T23:00:00.000Z");
    // The last Sunday of March 2026 (the 29th): 04:00 is already summer time.
    expect(kyivWallTimeToIso("2026-03-29T04:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(kyivWallTimeToIso("2026-03-28T23:00")).toBe("2026-03-28T21:00:00.000Z");
  });

  it("refuses what is not a datetime-local value", () => {
    for (const value of ["", "2026-12-01", "2026-12-01T10:00Z", "tomorrow", "2026-13-01T10:00"])
      expect(kyivWallTimeToIso(value)).toBeNull();
  });

  it("writes an instant as the datetime-local value of Kyiv's clock (the field's min)", () => {
    expect(kyivWallTime(new Date("2026-12-01T08:00:00Z"))).toBe("2026-12-01T10:00");
    expect(kyivWallTime(new Date("2026-07-01T21:15:30Z"))).toBe("2026-07-02T00:15");
  });
});
