import { describe, expect, it } from "vitest";

import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE, WEEKDAYS } from "@/domain/service/week";
import {
  isOpenAt,
  openingLabel,
  openingStatus,
  timetableToRows,
  type HoursRow,
  type SpecialHours,
} from "@/features/hours/timetable";

const MINUTE = 60_000;
const day = (weekday: number, opensAt: number, closesAt: number, closed = false): HoursRow => ({
  weekday,
  opensAt,
  closesAt,
  closed,
});
const everyDay = (opensAt: number, closesAt: number) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => day(weekday, opensAt, closesAt));
const week = (hours: Partial<Timetable>): HoursRow[] => timetableToRows({ ...DEFAULT_TIMETABLE, ...hours });
// 2026-11-23 is a Monday; Kyiv is UTC+2 in winter and UTC+3 in summer.
const kyiv = (local: string, offset = "+02:00") => new Date(`${local}${offset}`);
const KYIV = "Europe/Kyiv";

describe("openingStatus", () => {
  it("open: the closing time; closed: the next opening, later today or on another day", () => {
    const rows = week({});
    expect(openingStatus(rows, KYIV, kyiv("2026-11-23T12:00"))).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-23T18:00").toISOString(), opens: false },
    });
    expect(openingStatus(rows, KYIV, kyiv("2026-11-23T07:15"))).toEqual({
      openNow: false,
      nextChange: { at: kyiv("2026-11-23T09:00").toISOString(), opens: true },
    });
    expect(openingStatus(rows, KYIV, kyiv("2026-11-23T18:00"))).toEqual({
      openNow: false,
      nextChange: { at: kyiv("2026-11-24T09:00").toISOString(), opens: true },
    });
  });

  it("wraps the week: from Friday evening over the closed weekend to Monday", () => {
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-27T18:30")).nextChange).toEqual({
      at: kyiv("2026-11-30T09:00").toISOString(),
      opens: true,
    });
    const sundayNight = [day(7, 20 * 60, 60)];
    expect(openingStatus(sundayNight, KYIV, kyiv("2026-11-29T23:00"))).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-30T01:00").toISOString(), opens: false },
    });
    expect(openingStatus(sundayNight, KYIV, kyiv("2026-11-30T00:30")).openNow).toBe(true);
    expect(openingStatus(sundayNight, KYIV, kyiv("2026-11-30T01:00")).nextChange).toEqual({
      at: kyiv("2026-12-06T20:00").toISOString(),
      opens: true,
    });
  });

  it("a 22:00–02:00 shift closes after midnight, on the next day", () => {
    const rows = everyDay(22 * 60, 2 * 60);
    expect(openingStatus(rows, KYIV, kyiv("2026-11-23T21:00")).nextChange).toEqual({
      at: kyiv("2026-11-23T22:00").toISOString(),
      opens: true,
    });
    expect(openingStatus(rows, KYIV, kyiv("2026-11-23T23:59"))).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-24T02:00").toISOString(), opens: false },
    });
    expect(openingStatus(rows, KYIV, kyiv("2026-11-24T01:00"))).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-24T02:00").toISOString(), opens: false },
    });
  });

  it("back-to-back days are one stretch; always open and never open have no next change", () => {
    const weekdaysAllDay = [1, 2, 3, 4, 5].map((weekday) => day(weekday, 0, 1440));
    expect(openingStatus(weekdaysAllDay, KYIV, kyiv("2026-11-23T10:00")).nextChange).toEqual({
      at: kyiv("2026-11-28T00:00").toISOString(),
      opens: false,
    });
    expect(openingStatus(everyDay(0, 1440), KYIV, kyiv("2026-11-23T10:00"))).toEqual({
      openNow: true,
      nextChange: null,
    });
    expect(
      openingStatus(
        week(Object.fromEntries(WEEKDAYS.map((name) => [name, { closed: true, opening: "09:00", closing: "18:00" }]))),
        KYIV,
        kyiv("2026-11-23T10:00"),
      ),
    ).toEqual({ openNow: false, nextChange: null });
    expect(openingStatus([], KYIV, kyiv("2026-11-23T10:00"))).toEqual({ openNow: false, nextChange: null });
  });

  it("uses the offset after a DST change (Kyiv: 29 March 2026, 03:00 → 04:00; 25 October, 04:00 → 03:00)", () => {
    // Saturday evening in winter time, Monday's opening in summer time.
    expect(openingStatus(week({}), KYIV, kyiv("2026-03-28T12:00")).nextChange).toEqual({
      at: kyiv("2026-03-30T09:00", "+03:00").toISOString(),
      opens: true,
    });
    expect(openingStatus(week({}), KYIV, kyiv("2026-10-24T12:00", "+03:00")).nextChange).toEqual({
      at: kyiv("2026-10-26T09:00").toISOString(),
      opens: true,
    });
    // A shift closing at 03:30 in the hour the clock skips ends when the clock jumps.
    expect(openingStatus([day(6, 22 * 60, 210)], KYIV, kyiv("2026-03-29T02:00")).nextChange).toEqual({
      at: "2026-03-29T01:00:00.000Z",
      opens: false,
    });
  });

  it("agrees with isOpenAt minute by minute around both DST changes, in Kyiv and New York", () => {
    const timetables: Record<string, HoursRow[]> = {
      office: week({}),
      overnight: everyDay(22 * 60, 2 * 60),
      acrossTheChange: [day(6, 23 * 60, 210), day(7, 150, 240), day(1, 0, 1440)],
      sundayToMonday: [day(7, 20 * 60, 60), day(3, 9 * 60, 9 * 60 + 1)],
    };
    const windows: [string, string][] = [
      [KYIV, "2026-03-27T00:00:00Z"],
      [KYIV, "2026-10-23T00:00:00Z"],
      ["America/New_York", "2026-03-06T00:00:00Z"],
      ["America/New_York", "2026-10-30T00:00:00Z"],
    ];
    const mismatches: string[] = [];
    for (const [zone, startIso] of windows) {
      const start = Date.parse(startIso);
      const minutes = 12 * 24 * 60; // 4 days of instants to test, 8 days ahead of each
      for (const [name, rows] of Object.entries(timetables)) {
        const open = Array.from({ length: minutes }, (_, index) =>
          isOpenAt(rows, zone, new Date(start + index * MINUTE)),
        );
        for (let index = 0; index < 4 * 24 * 60; index += 7) {
          const now = new Date(start + index * MINUTE + 17_000);
          const flip = open.findIndex((value, at) => at > index && value !== open[index]);
          const expected = flip < 0 ? null : { at: new Date(start + flip * MINUTE).toISOString(), opens: open[flip] };
          const status = openingStatus(rows, zone, now);
          if (status.openNow !== open[index] || JSON.stringify(status.nextChange) !== JSON.stringify(expected)) {
            mismatches.push(
              `${zone} ${name} ${now.toISOString()}: ${JSON.stringify(status)} ≠ ${JSON.stringify(expected)}`,
            );
          }
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // Tens of thousands of minutes: about 2 s alone, 18 s once beside CI's other lanes on two cores.
  }, 60_000);
});

describe("openingLabel", () => {
  const rows = week({});
  const at = (local: string) => Date.parse(`${local}+02:00`);
  const label = (statusAt: string, readAt = statusAt) =>
    openingLabel(openingStatus(rows, KYIV, kyiv(statusAt)), KYIV, at(readAt));

  it("says until when it is open, and the minutes in the last hour", () => {
    expect(label("2026-11-23T12:00")).toEqual({ kind: "openUntil", time: "18:00" });
    expect(label("2026-11-23T17:00")).toEqual({ kind: "openUntil", time: "18:00" });
    expect(label("2026-11-23T17:01")).toEqual({ kind: "closesIn", minutes: 59 });
    expect(label("2026-11-23T17:40")).toEqual({ kind: "closesIn", minutes: 20 });
    expect(label("2026-11-23T17:40", "2026-11-23T17:59")).toEqual({ kind: "closesIn", minutes: 1 });
  });

  it("says when it opens: a time later today, a weekday and time on another day", () => {
    expect(label("2026-11-23T07:00")).toEqual({ kind: "opensAt", time: "09:00" });
    expect(label("2026-11-23T19:00")).toEqual({ kind: "opensOn", time: "09:00", day: "tuesday" });
    expect(label("2026-11-27T19:00")).toEqual({ kind: "opensOn", time: "09:00", day: "monday" });
  });

  it("unknown hours say so, never closed, whatever the status computed from them", () => {
    expect(openingLabel({ ...openingStatus([], KYIV, kyiv("2026-11-23T12:00")), hoursKnown: false }, KYIV, 0)).toEqual({
      kind: "unknown",
    });
    expect(
      openingLabel({ ...openingStatus(rows, KYIV, kyiv("2026-11-23T12:00")), hoursKnown: false }, KYIV, 0),
    ).toEqual({ kind: "unknown" });
    expect(label("2026-11-23T19:00")).not.toEqual({ kind: "unknown" });
  });

  it("a change that has passed flips the words until the status is read again", () => {
    expect(label("2026-11-23T17:40", "2026-11-23T18:00")).toEqual({ kind: "closed" });
    expect(label("2026-11-23T07:00", "2026-11-23T09:05")).toEqual({ kind: "open" });
  });

  it("a closing at midnight is 24:00, and a closing more than a day away names its day", () => {
    const weekdaysAllDay = [1, 2, 3, 4, 5].map((weekday) => day(weekday, 0, 1440));
    expect(
      openingLabel(openingStatus(weekdaysAllDay, KYIV, kyiv("2026-11-27T10:00")), KYIV, at("2026-11-27T10:00")),
    ).toEqual({
      kind: "openUntil",
      time: "24:00",
    });
    expect(
      openingLabel(openingStatus(weekdaysAllDay, KYIV, kyiv("2026-11-23T10:00")), KYIV, at("2026-11-23T10:00")),
    ).toEqual({
      kind: "openUntilDay",
      time: "24:00",
      day: "friday",
    });
    expect(
      openingLabel(openingStatus(everyDay(22 * 60, 120), KYIV, kyiv("2026-11-23T23:00")), KYIV, at("2026-11-23T23:00")),
    ).toEqual({
      kind: "openUntil",
      time: "02:00",
    });
    expect(
      openingLabel(openingStatus(everyDay(0, 1440), KYIV, kyiv("2026-11-23T10:00")), KYIV, at("2026-11-23T10:00")),
    ).toEqual({ kind: "alwaysOpen" });
    expect(openingLabel(openingStatus([], KYIV, kyiv("2026-11-23T10:00")), KYIV, at("2026-11-23T10:00"))).toEqual({
      kind: "closed",
    });
  });
});

describe("openingStatus with dated exceptions and the owner's live word", () => {
  const closedOn = (startsOn: string, endsOn = startsOn): SpecialHours => ({
    startsOn,
    endsOn,
    closed: true,
    opensAt: 0,
    closesAt: 0,
  });
  const hoursOn = (date: string, opensAt: number, closesAt: number): SpecialHours => ({
    startsOn: date,
    endsOn: date,
    closed: false,
    opensAt,
    closesAt,
  });

  it("a closed holiday skips the day; the next opening is the day after", () => {
    const special = [closedOn("2026-11-24")];
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T12:00"), { special })).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-23T18:00").toISOString(), opens: false },
    });
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T19:00"), { special }).nextChange).toEqual({
      at: kyiv("2026-11-25T09:00").toISOString(),
      opens: true,
    });
    expect(isOpenAt(week({}), KYIV, kyiv("2026-11-24T12:00"), { special })).toBe(false);
  });

  it("other hours on a date replace the weekday's, and may run past midnight", () => {
    const special = [hoursOn("2026-11-28", 10 * 60, 60)]; // a Saturday, normally closed
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-28T09:00"), { special }).nextChange).toEqual({
      at: kyiv("2026-11-28T10:00").toISOString(),
      opens: true,
    });
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-28T23:30"), { special })).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-29T01:00").toISOString(), opens: false },
    });
    expect(isOpenAt(week({}), KYIV, kyiv("2026-11-29T00:59"), { special })).toBe(true);
    expect(
      openingStatus(week({}), KYIV, kyiv("2026-11-23T10:00"), { special: [hoursOn("2026-11-23", 9 * 60, 13 * 60)] })
        .nextChange,
    ).toEqual({
      at: kyiv("2026-11-23T13:00").toISOString(),
      opens: false,
    });
  });

  it("a closure over a fortnight reopens after it, beyond the weekly horizon", () => {
    const special = [closedOn("2026-11-24", "2026-12-09")];
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T12:00"), { special }).nextChange).toEqual({
      at: kyiv("2026-11-23T18:00").toISOString(),
      opens: false,
    });
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-25T12:00"), { special })).toEqual({
      openNow: false,
      nextChange: { at: kyiv("2026-12-10T09:00").toISOString(), opens: true },
    });
  });

  it("a closure starting at midnight ends an overnight shift at midnight", () => {
    const special = [closedOn("2026-11-24")];
    // An exception replaces the day it names only: Monday's 22:00–02:00 still runs into Tuesday.
    expect(openingStatus(everyDay(22 * 60, 2 * 60), KYIV, kyiv("2026-11-23T23:00"), { special }).nextChange).toEqual({
      at: kyiv("2026-11-24T02:00").toISOString(),
      opens: false,
    });
  });

  it("the live word decides while it lasts, then the hours take over", () => {
    const live = {
      open: false,
      from: kyiv("2026-11-23T11:00").toISOString(),
      until: kyiv("2026-11-23T14:00").toISOString(),
    };
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T12:00"), { live })).toEqual({
      openNow: false,
      nextChange: { at: live.until, opens: true },
    });
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T14:00"), { live })).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-11-23T18:00").toISOString(), opens: false },
    });
    // Open on a generator until 20:00, past the usual 18:00 closing: closes when the word ends.
    const late = {
      open: true,
      from: kyiv("2026-11-23T16:00").toISOString(),
      until: kyiv("2026-11-23T20:00").toISOString(),
    };
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T17:00"), { live: late })).toEqual({
      openNow: true,
      nextChange: { at: late.until, opens: false },
    });
    // Open until 15:00 while the hours say open anyway: the next change is the hours' closing.
    const agree = {
      open: true,
      from: kyiv("2026-11-23T09:30").toISOString(),
      until: kyiv("2026-11-23T15:00").toISOString(),
    };
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T10:00"), { live: agree }).nextChange).toEqual({
      at: kyiv("2026-11-23T18:00").toISOString(),
      opens: false,
    });
  });

  it("an expired live word, or one not yet said at the instant, counts for nothing", () => {
    const live = {
      open: false,
      from: kyiv("2026-11-23T01:00").toISOString(),
      until: kyiv("2026-11-23T06:00").toISOString(),
    };
    expect(openingStatus(week({}), KYIV, kyiv("2026-11-23T12:00"), { live })).toEqual(
      openingStatus(week({}), KYIV, kyiv("2026-11-23T12:00")),
    );
    expect(
      isOpenAt(week({}), KYIV, kyiv("2026-11-23T12:00"), {
        live: { ...live, from: kyiv("2026-11-23T13:00").toISOString(), until: kyiv("2026-11-23T15:00").toISOString() },
      }),
    ).toBe(true);
  });

  it("a dated exception on the DST change day keeps the wall-clock hours", () => {
    const special = [hoursOn("2026-03-29", 2 * 60, 5 * 60)]; // 03:00 → 04:00 happens inside
    expect(openingStatus(week({}), KYIV, kyiv("2026-03-29T02:30")).openNow).toBe(false);
    expect(openingStatus(week({}), KYIV, kyiv("2026-03-29T02:30"), { special })).toEqual({
      openNow: true,
      nextChange: { at: kyiv("2026-03-29T05:00", "+03:00").toISOString(), opens: false },
    });
  });
});
