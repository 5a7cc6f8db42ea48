import { WEEKDAYS, type Timetable, type Weekday } from "@/lib/constants";

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
 * Whether the hours say open at the instant: the same rule as openNowSql in
 * lib/server/services/sql-fragments.ts (today's interval, or yesterday's running past midnight).
 */
export function isOpenAt(rows: HoursRow[], timeZone: string, instant: Date): boolean {
  const { weekday, minute } = localClock(instant, timeZone);
  return isOpenOnClock(rows, weekday, minute);
}

function isOpenOnClock(rows: HoursRow[], weekday: number, minute: number): boolean {
  const previous = ((weekday + 5) % 7) + 1;
  return rows.some(
    (row) =>
      !row.closed &&
      ((row.weekday === weekday && minute >= row.opensAt && (row.closesAt <= row.opensAt || minute < row.closesAt)) ||
        (row.weekday === previous && row.closesAt <= row.opensAt && minute < row.closesAt)),
  );
}

/** When the hours next say otherwise than now; null when they never do (always open, or never). */
export type NextChange = { at: string; opens: boolean };
export type OpeningStatus = { openNow: boolean; nextChange: NextChange | null };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A week and a day: every weekly pattern that changes at all changes within it. */
const HORIZON_MS = 8 * DAY_MS;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at the instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" });
    offsetFormats.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * Stretches of [start, end) with one UTC offset each, covering [from, to). Zones change offset
 * at most a few times a year, so sampling once a day and narrowing a change to its minute finds
 * every change in a week.
 */
function offsetSpans(from: number, to: number, timeZone: string): { start: number; end: number; offset: number }[] {
  const spans = [{ start: from, end: to, offset: zoneOffset(from, timeZone) }];
  for (let previous = from; previous < to; previous += DAY_MS) {
    const span = spans.at(-1)!;
    const probe = Math.min(previous + DAY_MS, to);
    if (zoneOffset(probe, timeZone) === span.offset) continue;
    // Offsets change on whole minutes: narrow the change down on the minute grid.
    let before = Math.floor(previous / MINUTE_MS) * MINUTE_MS;
    let after = Math.ceil(probe / MINUTE_MS) * MINUTE_MS;
    while (after - before > MINUTE_MS) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffset(middle, timeZone) === span.offset) before = middle;
      else after = middle;
    }
    span.end = after;
    spans.push({ start: after, end: to, offset: zoneOffset(after, timeZone) });
  }
  return spans;
}

/**
 * Open now, and the next instant the hours say otherwise. Works on the wall clock of the
 * service's zone as isOpenAt does, so a closing at 02:00 after a 22:00 opening, a week's wrap
 * from Sunday to Monday and a DST change (when the clock jumps over a closing time, the change
 * is the jump itself) all come out as the list filter and the page's badge see them.
 */
export function openingStatus(rows: HoursRow[], timeZone: string, instant: Date): OpeningStatus {
  const now = instant.getTime();
  const openNow = isOpenAt(rows, timeZone, instant);
  const open = rows.filter((row) => !row.closed);
  const candidates: { at: number; offset: number }[] = [];
  for (const span of offsetSpans(now, now + HORIZON_MS, timeZone)) {
    if (span.start > now) candidates.push({ at: span.start, offset: span.offset });
    // Each local day the span touches, from the day before (whose hours may run past midnight).
    const firstDay = Math.floor((span.start + span.offset) / DAY_MS) - 1;
    const lastDay = Math.floor((span.end + span.offset) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day++) {
      const weekday = ((day + 3) % 7) + 1; // day 0 (1970-01-01) was a Thursday
      for (const row of open.filter((candidate) => candidate.weekday === weekday)) {
        const closesOn = row.closesAt <= row.opensAt ? day + 1 : day;
        for (const wall of [day * DAY_MS + row.opensAt * MINUTE_MS, closesOn * DAY_MS + row.closesAt * MINUTE_MS]) {
          const at = wall - span.offset;
          if (at > now && at >= span.start && at < span.end) candidates.push({ at, offset: span.offset });
        }
      }
    }
  }
  candidates.sort((a, b) => a.at - b.at);
  for (const { at, offset } of candidates) {
    const wall = at + offset;
    const day = Math.floor(wall / DAY_MS);
    if (isOpenOnClock(rows, ((day + 3) % 7) + 1, Math.floor((wall - day * DAY_MS) / MINUTE_MS)) !== openNow) {
      return { openNow, nextChange: { at: new Date(at).toISOString(), opens: !openNow } };
    }
  }
  return { openNow, nextChange: null };
}

/** What a badge says about an opening status at an instant (the message key and its values). */
export type OpeningLabel =
  | { kind: "closesIn"; minutes: number }
  | { kind: "openUntil"; time: string }
  | { kind: "openUntilDay"; time: string; day: Weekday }
  | { kind: "opensAt"; time: string }
  | { kind: "opensOn"; time: string; day: Weekday }
  | { kind: "alwaysOpen" }
  | { kind: "open" }
  | { kind: "closed" };

/**
 * The words for a status computed at some instant, read at `now` (which may be later: a page
 * stays open). Times are the service's wall clock; "closes in" under an hour.
 */
export function openingLabel(status: OpeningStatus, timeZone: string, now: number): OpeningLabel {
  const change = status.nextChange;
  if (!change) return status.openNow ? { kind: "alwaysOpen" } : { kind: "closed" };
  const at = Date.parse(change.at);
  const left = at - now;
  // Past the change the next one is unknown until the status is read again.
  if (left <= 0) return change.opens ? { kind: "open" } : { kind: "closed" };
  const clock = localClock(new Date(at), timeZone);
  if (status.openNow) {
    const minutes = Math.ceil(left / MINUTE_MS);
    if (minutes < 60) return { kind: "closesIn", minutes };
    // Closing at midnight reads as 24:00 of the day that ends, as the timetable writes it.
    const [weekday, minute] = clock.minute === 0 ? [((clock.weekday + 5) % 7) + 1, 1440] : [clock.weekday, clock.minute];
    return left < DAY_MS ? { kind: "openUntil", time: formatMinutes(minute) } : { kind: "openUntilDay", time: formatMinutes(minute), day: WEEKDAYS[weekday - 1]! };
  }
  const time = formatMinutes(clock.minute);
  return left < DAY_MS && clock.weekday === localClock(new Date(now), timeZone).weekday ? { kind: "opensAt", time } : { kind: "opensOn", time, day: WEEKDAYS[clock.weekday - 1]! };
}
