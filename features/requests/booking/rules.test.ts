import { describe, expect, it } from "vitest";

import {
  addDays,
  bookingActions,
  instantToWallClock,
  isLateCancel,
  isSlotLength,
  isWallClock,
  mondayOf,
  slotTiming,
  wallClockToInstant,
  type BookingState,
} from "./rules";

const MINUTE = 60_000;

describe("wallClockToInstant", () => {
  it("reads Kyiv's wall clock with the offset of that moment, winter and summer", () => {
    expect(wallClockToInstant("2026-12-15T10:00")?.toISOString()).toBe("2026-12-15T08:00:00.000Z");
    expect(wallClockToInstant("2027-07-01T10:00")?.toISOString()).toBe("2027-07-01T07:00:00.000Z");
    expect(wallClockToInstant("2026-12-31T23:45")?.toISOString()).toBe("2026-12-31T21:45:00.000Z");
  });

  it("refuses the hour the clocks skip on the spring-forward night, and reads both sides of it", () => {
    expect(wallClockToInstant("2027-03-28T02:59")?.toISOString()).toBe("2027-03-28T00:59:00.000Z");
    expect(wallClockToInstant("2027-03-28T03:00")).toBeNull();
    expect(wallClockToInstant("2027-03-28T03:30")).toBeNull();
    expect(wallClockToInstant("2027-03-28T03:59")).toBeNull();
    expect(wallClockToInstant("2027-03-28T04:00")?.toISOString()).toBe("2027-03-28T01:00:00.000Z");
  });

  it("takes the first reading of the hour the clocks repeat in autumn", () => {
    // 25 October 2026: 04:00 summer time becomes 03:00 winter time.
    expect(wallClockToInstant("2026-10-25T03:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(wallClockToInstant("2026-10-25T04:30")?.toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });

  it("refuses what is no calendar time", () => {
    for (const value of [
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-12-15T24:00",
      "2026-12-15T10:60",
      "2026-12-15 10:00",
      "2026-12-15T10:00Z",
      "",
    ])
      expect([value, isWallClock(value), wallClockToInstant(value)]).toEqual([value, false, null]);
  });

  it("writes an instant back as the wall clock it was read from", () => {
    for (const value of ["2026-12-15T10:00", "2027-07-01T00:15", "2027-03-28T04:00"])
      expect(instantToWallClock(wallClockToInstant(value)!)).toBe(value);
  });
});

describe("slot rules", () => {
  const now = new Date("2026-12-07T10:00:00Z");
  it("wants a start at least 30 minutes and at most 90 days ahead", () => {
    expect(slotTiming(new Date(now.getTime() + 29 * MINUTE), now)).toBe("tooSoon");
    expect(slotTiming(new Date(now.getTime() + 30 * MINUTE), now)).toBe("ok");
    expect(slotTiming(new Date(now.getTime() + 90 * 1440 * MINUTE), now)).toBe("ok");
    expect(slotTiming(new Date(now.getTime() + 90 * 1440 * MINUTE + MINUTE), now)).toBe("tooFar");
  });
  it("takes 15 to 600 minutes in steps of 15", () => {
    expect([0, 14, 15, 20, 45, 600, 615, 30.5].map(isSlotLength)).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("isLateCancel", () => {
  const now = new Date("2026-12-07T10:00:00Z");
  it("is late less than 2 hours before the agreed start, or after it; never without one", () => {
    expect(isLateCancel(new Date(now.getTime() + 119 * MINUTE), now)).toBe(true);
    expect(isLateCancel(new Date(now.getTime() + 120 * MINUTE), now)).toBe(false);
    expect(isLateCancel(new Date(now.getTime() - 10 * MINUTE), now)).toBe(true);
    expect(isLateCancel(null, now)).toBe(false);
  });
});

describe("bookingActions", () => {
  const now = new Date("2026-12-07T10:00:00Z");
  const state = (change: Partial<BookingState>): BookingState => ({
    status: "proposed",
    proposedBy: "service",
    start: null,
    otherTimesAt: null,
    slots: 2,
    ...change,
  });
  it("lets the shop propose first, the driver pick or ask for other times", () => {
    expect(bookingActions(null, "service", true, now).canPropose).toBe(true);
    expect(bookingActions(null, "driver", true, now).canPropose).toBe(false);
    expect(bookingActions(state({}), "driver", true, now)).toEqual({
      canPropose: false,
      canConfirm: true,
      canAskOtherTimes: true,
      canCancel: true,
      canMarkNoShow: false,
    });
    expect(bookingActions(state({ otherTimesAt: now }), "driver", true, now).canAskOtherTimes).toBe(false);
    expect(bookingActions(state({}), "service", true, now).canConfirm).toBe(false);
  });
  it("lets either side move an agreed slot and the other pick; a no-show once it started", () => {
    const started = state({ status: "confirmed", start: new Date(now.getTime() - MINUTE), slots: 0 });
    expect(bookingActions(started, "driver", true, now)).toMatchObject({
      canPropose: true,
      canMarkNoShow: true,
      canConfirm: false,
    });
    const moving = state({ status: "rescheduled", proposedBy: "driver", start: new Date(now.getTime() + 60 * MINUTE) });
    expect(bookingActions(moving, "service", true, now)).toMatchObject({ canConfirm: true, canMarkNoShow: false });
    expect(bookingActions(moving, "driver", true, now).canConfirm).toBe(false);
  });
  it("gives an admin, an ended booking or a job over nothing to do", () => {
    const none = {
      canPropose: false,
      canConfirm: false,
      canAskOtherTimes: false,
      canCancel: false,
      canMarkNoShow: false,
    };
    expect(bookingActions(state({}), "admin", true, now)).toEqual(none);
    expect(bookingActions(state({}), "driver", false, now)).toEqual(none);
    expect(bookingActions(state({ status: "cancelled", slots: 0 }), "service", true, now)).toEqual(none);
  });
});

describe("weeks", () => {
  it("finds the Monday of a day's week and moves by days", () => {
    expect(mondayOf("2026-12-07")).toBe("2026-12-07");
    expect(mondayOf("2026-12-13")).toBe("2026-12-07");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
  });
});
