import { afterEach, describe, expect, it, vi } from "vitest";

import { formatMinutes } from "@/domain/service/clock";
import { isOpenAt, type HoursRow } from "@/features/hours/timetable";
import { readOpeningHours } from "@/features/osm/opening-hours";

const ABBREVIATIONS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];

/** A timetable as one line, Monday to Sunday: "Mo 09:00-18:00 | … | Su closed". */
function week(rows: HoursRow[] | null): string {
  if (!rows) return "unknown";
  return rows
    .map((row) => {
      const day = ABBREVIATIONS[row.weekday - 1];
      return row.closed ? `${day} closed` : `${day} ${formatMinutes(row.opensAt)}-${formatMinutes(row.closesAt)}`;
    })
    .join(" | ");
}

const WORKDAYS_9_18 = "Mo 09:00-18:00 | Tu 09:00-18:00 | We 09:00-18:00 | Th 09:00-18:00 | Fr 09:00-18:00";
const WORKDAYS_8_18 = "Mo 08:00-18:00 | Tu 08:00-18:00 | We 08:00-18:00 | Th 08:00-18:00 | Fr 08:00-18:00";
const ALL_DAY =
  "Mo 00:00-24:00 | Tu 00:00-24:00 | We 00:00-24:00 | Th 00:00-24:00 | Fr 00:00-24:00 | Sa 00:00-24:00 | Su 00:00-24:00";

/**
 * Real-world OSM opening_hours values and what each becomes: the weekly timetable (Monday to
 * Sunday; a closing not after the opening runs past midnight, 00:00-24:00 is a whole day), or
 * "unknown" when the timetable cannot hold it faithfully (the original text is then shown).
 */
const TABLE: [osm: string, timetable: string][] = [
  // Plain weekly hours.
  ["Mo-Fr 09:00-18:00; Sa 10:00-14:00", `${WORKDAYS_9_18} | Sa 10:00-14:00 | Su closed`],
  [
    "Mo-Fr 08:00-20:00; Sa,Su 09:00-17:00",
    "Mo 08:00-20:00 | Tu 08:00-20:00 | We 08:00-20:00 | Th 08:00-20:00 | Fr 08:00-20:00 | Sa 09:00-17:00 | Su 09:00-17:00",
  ],
  ["Mo-Fr 09:00-18:00; Sa 10:00-15:00; Su off", `${WORKDAYS_9_18} | Sa 10:00-15:00 | Su closed`],
  [
    "Mo-Fr 09:00-19:00; Sa-Su 10:00-17:00",
    "Mo 09:00-19:00 | Tu 09:00-19:00 | We 09:00-19:00 | Th 09:00-19:00 | Fr 09:00-19:00 | Sa 10:00-17:00 | Su 10:00-17:00",
  ],
  [
    "Mo,We,Fr 10:00-16:00",
    "Mo 10:00-16:00 | Tu closed | We 10:00-16:00 | Th closed | Fr 10:00-16:00 | Sa closed | Su closed",
  ],
  [
    "Mo-Fr 10:00-20:00; Tu off",
    "Mo 10:00-20:00 | Tu closed | We 10:00-20:00 | Th 10:00-20:00 | Fr 10:00-20:00 | Sa closed | Su closed",
  ],
  ["Mo-Fr 08:00-18:00 open", `${WORKDAYS_8_18} | Sa closed | Su closed`],
  [
    "Mo-Fr 08:00-20:00, Sa 09:00-18:00",
    "Mo 08:00-20:00 | Tu 08:00-20:00 | We 08:00-20:00 | Th 08:00-20:00 | Fr 08:00-20:00 | Sa 09:00-18:00 | Su closed",
  ],
  [
    "Mo-Fr 09:00-18:00, Mo-Fr 12:00-20:00",
    "Mo 09:00-20:00 | Tu 09:00-20:00 | We 09:00-20:00 | Th 09:00-20:00 | Fr 09:00-20:00 | Sa closed | Su closed",
  ],
  ["off", "Mo closed | Tu closed | We closed | Th closed | Fr closed | Sa closed | Su closed"],
  // Forms the library reads and corrects without doubt.
  ["Mo-Fr 9:00-18:00", `${WORKDAYS_9_18} | Sa closed | Su closed`],
  ["Mo-Fr 08-18", `${WORKDAYS_8_18} | Sa closed | Su closed`],
  ["mo-fr 08:00-18:00", `${WORKDAYS_8_18} | Sa closed | Su closed`],
  ["Mo-Fr 08:00–18:00", `${WORKDAYS_8_18} | Sa closed | Su closed`],
  ["Mon-Fri 9am-6pm", `${WORKDAYS_9_18} | Sa closed | Su closed`],
  ["Пн-Пт 09:00-18:00", `${WORKDAYS_9_18} | Sa closed | Su closed`],
  ["  Mo-Fr 08:00-18:00;  ", `${WORKDAYS_8_18} | Sa closed | Su closed`],
  // Always open.
  ["24/7", ALL_DAY],
  ["Mo-Su 00:00-24:00", ALL_DAY],
  [
    "Mo-Fr 00:00-24:00",
    "Mo 00:00-24:00 | Tu 00:00-24:00 | We 00:00-24:00 | Th 00:00-24:00 | Fr 00:00-24:00 | Sa closed | Su closed",
  ],
  // Past midnight: stored on the day it starts, closing before opening.
  [
    "Mo-Sa 22:00-06:00",
    "Mo 22:00-06:00 | Tu 22:00-06:00 | We 22:00-06:00 | Th 22:00-06:00 | Fr 22:00-06:00 | Sa 22:00-06:00 | Su closed",
  ],
  ["Su 22:00-06:00", "Mo closed | Tu closed | We closed | Th closed | Fr closed | Sa closed | Su 22:00-06:00"],
  [
    "Mo-Fr 22:00-30:00",
    "Mo 22:00-06:00 | Tu 22:00-06:00 | We 22:00-06:00 | Th 22:00-06:00 | Fr 22:00-06:00 | Sa closed | Su closed",
  ],
  [
    "Mo-Fr 18:00-02:00, Sa 00:00-24:00",
    "Mo 18:00-02:00 | Tu 18:00-02:00 | We 18:00-02:00 | Th 18:00-02:00 | Fr 18:00-24:00 | Sa 00:00-24:00 | Su closed",
  ],
  [
    "Fr 20:00-02:00, Sa 10:00-18:00",
    "Mo closed | Tu closed | We closed | Th closed | Fr 20:00-02:00 | Sa 10:00-18:00 | Su closed",
  ],
  // With ";" a later rule replaces the whole of its day, the early hours run over from Friday too (the OSM rule).
  [
    "Fr 20:00-02:00; Sa 10:00-18:00",
    "Mo closed | Tu closed | We closed | Th closed | Fr 20:00-24:00 | Sa 10:00-18:00 | Su closed",
  ],
  [
    "Fr 10:00-24:00; Sa 00:00-24:00",
    "Mo closed | Tu closed | We closed | Th closed | Fr 10:00-24:00 | Sa 00:00-24:00 | Su closed",
  ],
  // Two intervals a day (a lunch break): our timetable holds one.
  ["Mo-Fr 09:00-13:00,14:00-18:00", "unknown"],
  ["Mo-Fr 08:00-12:00, 13:00-17:00; Sa 09:00-13:00", "unknown"],
  ["Mo-Fr 07:00-10:00, 20:00-03:00", "unknown"],
  // Holidays and anything dated or varying: not the same every week.
  ["Mo-Fr 08:00-18:00; PH off", "unknown"],
  ["Mo-Fr 08:00-18:00; PH 10:00-14:00", "unknown"],
  ["Mo-Fr 08:00-18:00; SH off", "unknown"],
  ["Mo-Fr 08:00-17:00; Sa 08:00-13:00; Su,PH off", "unknown"],
  ["Mo-Su,PH 00:00-24:00", "unknown"],
  ["Mo-Fr 08:00-18:00; Dec 24-Jan 02 off", "unknown"],
  ["Mo[1] 10:00-12:00", "unknown"],
  ["Apr-Oct Mo-Fr 08:00-18:00", "unknown"],
  ["Jan 01 off; Mo-Fr 08:00-18:00", "unknown"],
  ["Mo-Fr 09:00-18:00; week 1-53/2 Sa 10:00-14:00", "unknown"],
  ["Mo-Fr 08:00-20:00; easter off", "unknown"],
  ["2025 Mo-Fr 08:00-18:00", "unknown"],
  ["sunrise-sunset", "unknown"],
  ["Mo-Fr dawn-dusk", "unknown"],
  // Unknown states and comments.
  ["by appointment", "unknown"],
  ['"за попереднім записом"', "unknown"],
  ['Mo-Fr 08:00-17:00 "call ahead"', "unknown"],
  ['Mo-Fr 08:00-18:00; Su off "closed on Sundays"', "unknown"],
  ["Mo-Fr 08:00-18:00+", "unknown"],
  ['Mo-Fr 09:00-18:00; "closed in winter"', "unknown"],
  ["Mo-Fr 08:00-18:00; Sa unknown", "unknown"],
  ['Mo-Fr 08:00-18:00 || "by appointment"', "unknown"],
  // Not opening hours at all, or nothing.
  ["з 9 до 18, без вихідних", "unknown"],
  ["asdf qwer", "unknown"],
  ["Mo 08:00-Tu 06:00", "unknown"],
  ["", "unknown"],
  ["   ", "unknown"],
];

describe("readOpeningHours", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(TABLE)("%j → %s", (osm, timetable) => {
    const read = readOpeningHours(osm);
    expect(week(read.hours)).toBe(timetable);
    expect(read.known).toBe(timetable !== "unknown");
  });

  // The library works on the wall clock of the process's zone; the timetable must not depend on it.
  // A fresh module each time, so nothing read in another zone is remembered.
  it.each(["UTC", "America/New_York", "Pacific/Auckland", "Asia/Kolkata", "Europe/Kyiv"])(
    "reads the same timetables with TZ=%s",
    async (timeZone) => {
      process.env.TZ = timeZone;
      vi.resetModules();
      const fresh = await import("@/features/osm/opening-hours");
      for (const [osm, timetable] of TABLE) expect(week(fresh.readOpeningHours(osm).hours), osm).toBe(timetable);
    },
  );

  it("gives each caller rows of its own", () => {
    const first = readOpeningHours("Mo-Fr 09:00-18:00").hours!;
    first[0]!.opensAt = 0;
    expect(readOpeningHours("Mo-Fr 09:00-18:00").hours![0]!.opensAt).toBe(540);
  });

  it("gives every weekday one row, Monday = 1, closed days with the form's default times", () => {
    const { hours } = readOpeningHours("Mo-Fr 09:00-18:00");
    expect(hours?.map((row) => row.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(hours?.[6]).toEqual({ weekday: 7, closed: true, opensAt: 600, closesAt: 960 });
  });

  it("makes 24/7 open at every instant and an overnight opening open past midnight, as isOpenAt reads them", () => {
    const always = readOpeningHours("24/7").hours!;
    for (const iso of ["2026-11-23T00:00:00+02:00", "2026-11-25T23:59:00+02:00", "2026-11-29T12:00:00+02:00"])
      expect(isOpenAt(always, "Europe/Kyiv", new Date(iso)), iso).toBe(true);

    const nights = readOpeningHours("Mo-Sa 22:00-06:00").hours!;
    // 2026-11-23 is a Monday.
    expect(isOpenAt(nights, "Europe/Kyiv", new Date("2026-11-23T21:59:00+02:00"))).toBe(false);
    expect(isOpenAt(nights, "Europe/Kyiv", new Date("2026-11-23T22:00:00+02:00"))).toBe(true);
    expect(isOpenAt(nights, "Europe/Kyiv", new Date("2026-11-24T05:59:00+02:00"))).toBe(true);
    expect(isOpenAt(nights, "Europe/Kyiv", new Date("2026-11-29T05:59:00+02:00"))).toBe(true);
    expect(isOpenAt(nights, "Europe/Kyiv", new Date("2026-11-29T22:00:00+02:00"))).toBe(false);
    expect(isOpenAt(nights, "Europe/Kyiv", new Date("2026-11-23T03:00:00+02:00"))).toBe(false);
  });
});
