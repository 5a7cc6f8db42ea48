import { describe, expect, it } from "vitest";

import { localClock } from "@/domain/service/clock";
import { isOpenAt, type HoursRow } from "@/features/hours/timetable";

const day = (weekday: number, opensAt: number, closesAt: number, closed = false): HoursRow => ({
  weekday,
  opensAt,
  closesAt,
  closed,
});

describe("isOpenAt", () => {
  // 2026-11-23 is a Monday; Kyiv is UTC+2 in November.
  const kyiv = (iso: string) => new Date(`${iso}+02:00`);

  it("is open in [opening, closing) on the local weekday", () => {
    const rows = [day(1, 9 * 60, 18 * 60)];
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-23T08:59"))).toBe(false);
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-23T09:00"))).toBe(true);
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-23T17:59"))).toBe(true);
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-23T18:00"))).toBe(false);
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-24T10:00"))).toBe(false);
  });

  it("runs past midnight into the next day when closing is not after opening", () => {
    const rows = [day(5, 20 * 60, 2 * 60), day(6, 0, 0, true)];
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-27T23:30"))).toBe(true);
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-28T01:59"))).toBe(true);
    expect(isOpenAt(rows, "Europe/Kyiv", kyiv("2026-11-28T02:00"))).toBe(false);
  });

  it("a closed day is closed, and 00:00–24:00 is the whole day", () => {
    expect(isOpenAt([day(1, 9 * 60, 18 * 60, true)], "Europe/Kyiv", kyiv("2026-11-23T12:00"))).toBe(false);
    expect(isOpenAt([day(1, 0, 1440)], "Europe/Kyiv", kyiv("2026-11-23T00:00"))).toBe(true);
    expect(isOpenAt([day(1, 0, 1440)], "Europe/Kyiv", kyiv("2026-11-23T23:59"))).toBe(true);
  });

  it("reads the clock in the service's own time zone", () => {
    expect(localClock(new Date("2026-11-23T22:30:00Z"), "Europe/Kyiv")).toMatchObject({
      date: "2026-11-24",
      weekday: 2,
      minute: 30,
    });
    expect(localClock(new Date("2026-11-23T22:30:00Z"), "Europe/Lisbon")).toMatchObject({
      date: "2026-11-23",
      weekday: 1,
      minute: 22 * 60 + 30,
    });
  });
});
