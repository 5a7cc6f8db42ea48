import { WEEKDAYS, type Timetable } from "@/lib/constants";

/**
 * Opening hours as stored: one row per ISO weekday (1 = Monday), minutes from local midnight.
 * A day's interval is [opensAt, closesAt) in the service's time zone; when closesAt <= opensAt the
 * interval runs past midnight and ends at closesAt on the next day. 0..1440 is a full day.
 */
export type HoursRow = { weekday: number; closed: boolean; opensAt: number; closesAt: number };

export function parseTime(value: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) throw new RangeError(`Not a HH:MM time: ${value}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 1440) throw new RangeError(`Not a HH:MM time: ${value}`);
  return minutes;
}

export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function timetableToRows(timetable: Timetable): HoursRow[] {
  return WEEKDAYS.map((day, index) => ({
    weekday: index + 1,
    closed: timetable[day].closed,
    opensAt: parseTime(timetable[day].opening),
    closesAt: parseTime(timetable[day].closing),
  }));
}

export function rowsToTimetable(rows: HoursRow[]): Timetable {
  const byDay = new Map(rows.map((row) => [row.weekday, row]));
  return Object.fromEntries(
    WEEKDAYS.map((day, index) => {
      const row = byDay.get(index + 1);
      return [day, row ? { closed: row.closed, opening: formatMinutes(row.opensAt), closing: formatMinutes(row.closesAt) } : { closed: true, opening: "10:00", closing: "16:00" }];
    }),
  ) as Timetable;
}

/** ISO weekday (1 = Monday) of an instant in a time zone. */
export function weekdayIn(instant: Date, timeZone: string): number {
  return localClock(instant, timeZone).weekday;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The ISO weekday and the minute since local midnight of an instant in a time zone. */
export function localClock(instant: Date, timeZone: string): { weekday: number; minute: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return { weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1, minute: Number(get("hour")) * 60 + Number(get("minute")) };
}

/**
 * Whether the hours say open at the instant: the same rule as the open-now SQL in
 * lib/server/services.ts (today's interval, or yesterday's running past midnight).
 */
export function isOpenAt(rows: HoursRow[], timeZone: string, instant: Date): boolean {
  const { weekday, minute } = localClock(instant, timeZone);
  const previous = ((weekday + 5) % 7) + 1;
  return rows.some(
    (row) =>
      !row.closed &&
      ((row.weekday === weekday && minute >= row.opensAt && (row.closesAt <= row.opensAt || minute < row.closesAt)) ||
        (row.weekday === previous && row.closesAt <= row.opensAt && minute < row.closesAt)),
  );
}
