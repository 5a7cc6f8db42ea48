import {
  dateOfDay,
  DAY_MS,
  formatMinutes,
  localClock,
  MINUTE_MS,
  parseTime,
  weekdayOfDay,
  zoneOffset,
} from "@/domain/service/clock";
import type { Timetable } from "@/domain/service/timetable-answer";
import { WEEKDAYS, type Weekday } from "@/domain/service/week";
import type { NextChange } from "@/features/hours/answers";

/**
 * Opening hours as stored: one row per ISO weekday (1 = Monday), minutes from local midnight.
 * A day's interval is [opensAt, closesAt) in the service's time zone; when closesAt <= opensAt the
 * interval runs past midnight and ends at closesAt on the next day. 0..1440 is a full day.
 */
export type HoursRow = { weekday: number; closed: boolean; opensAt: number; closesAt: number };

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
      return [
        day,
        row
          ? { closed: row.closed, opening: formatMinutes(row.opensAt), closing: formatMinutes(row.closesAt) }
          : { closed: true, opening: "10:00", closing: "16:00" },
      ];
    }),
  ) as Timetable;
}

/**
 * A dated exception to the weekly hours, for the local dates startsOn..endsOn (YYYY-MM-DD, both
 * included): closed (a holiday, a temporary closure), or other hours on the same rule as HoursRow.
 */
export type SpecialHours = { startsOn: string; endsOn: string; closed: boolean; opensAt: number; closesAt: number };

/**
 * What the owner says (features/hours/live-status.ts names the states), in force from when it was said
 * until `until`; outside that the hours speak.
 */
export type LiveWord = { open: boolean; from: string; until: string };

/** What overrides the weekly hours: dated exceptions, and the owner's live word while it lasts. */
export type HoursExceptions = { special?: SpecialHours[]; live?: LiveWord | null };

type Interval = { opensAt: number; closesAt: number };

/** The interval that starts on a local day, or null when the day is closed: a dated exception first. */
function intervalOn(rows: HoursRow[], special: SpecialHours[], day: number): Interval | null {
  if (special.length) {
    const date = dateOfDay(day);
    const exception = special.find((entry) => entry.startsOn <= date && date <= entry.endsOn);
    if (exception) return exception.closed ? null : exception;
  }
  const weekday = weekdayOfDay(day);
  const row = rows.find((candidate) => candidate.weekday === weekday && !candidate.closed);
  return row ?? null;
}

/**
 * Whether the hours say open at a local day and minute: the same rule as the open-now SQL in
 * features/hours/server/open-now.ts. Today's interval, or yesterday's running past midnight.
 */
function isOpenOnClock(rows: HoursRow[], special: SpecialHours[], day: number, minute: number): boolean {
  const today = intervalOn(rows, special, day);
  if (today && minute >= today.opensAt && (today.closesAt <= today.opensAt || minute < today.closesAt)) return true;
  const yesterday = intervalOn(rows, special, day - 1);
  return !!yesterday && yesterday.closesAt <= yesterday.opensAt && minute < yesterday.closesAt;
}

/** Whether the owner's live word is in force at the instant. */
function liveAt(live: LiveWord | null | undefined, instant: number): LiveWord | null {
  return live && Date.parse(live.from) <= instant && instant < Date.parse(live.until) ? live : null;
}

/** Whether the service is open at the instant: the owner's live word while it lasts, else the hours. */
export function isOpenAt(rows: HoursRow[], timeZone: string, instant: Date, exceptions: HoursExceptions = {}): boolean {
  const live = liveAt(exceptions.live, instant.getTime());
  if (live) return live.open;
  const { day, minute } = localClock(instant, timeZone);
  return isOpenOnClock(rows, exceptions.special ?? [], day, minute);
}

export type OpeningStatus = { openNow: boolean; nextChange: NextChange | null };

/** A week and a day: every weekly pattern that changes at all changes within it. */
const WEEK_HORIZON_MS = 8 * DAY_MS;
/** How far past a dated exception to look: a closure longer than a year reads as "closed". */
const LONGEST_HORIZON_MS = 400 * DAY_MS;

/** The weekly horizon, pushed past the last dated exception still ahead. */
function horizonAfter(now: number, special: SpecialHours[]): number {
  const lastEnd = special.reduce(
    (latest, entry) => Math.max(latest, Date.parse(`${entry.endsOn}T00:00:00Z`) + DAY_MS),
    0,
  );
  return now + Math.min(Math.max(WEEK_HORIZON_MS, lastEnd - now + WEEK_HORIZON_MS), LONGEST_HORIZON_MS);
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
 * Open now, and the next instant that changes. Works on the wall clock of the service's zone as
 * isOpenAt does, so a closing at 02:00 after a 22:00 opening, a week's wrap from Sunday to Monday,
 * a dated exception and a DST change (when the clock jumps over a closing time, the change is the
 * jump itself) all come out as the list filter and the page's badge see them. While the owner's
 * live word lasts it decides; when it runs out the hours take over, which is a change only if they
 * say otherwise.
 */
export function openingStatus(
  rows: HoursRow[],
  timeZone: string,
  instant: Date,
  exceptions: HoursExceptions = {},
): OpeningStatus {
  const live = liveAt(exceptions.live, instant.getTime());
  if (live) {
    const until = new Date(live.until);
    const after = hoursStatus(rows, exceptions.special ?? [], timeZone, until);
    if (after.openNow !== live.open)
      return { openNow: live.open, nextChange: { at: until.toISOString(), opens: after.openNow } };
    return { openNow: live.open, nextChange: after.nextChange };
  }
  return hoursStatus(rows, exceptions.special ?? [], timeZone, instant);
}

function hoursStatus(rows: HoursRow[], special: SpecialHours[], timeZone: string, instant: Date): OpeningStatus {
  const now = instant.getTime();
  const { day: today, minute } = localClock(instant, timeZone);
  const openNow = isOpenOnClock(rows, special, today, minute);
  const candidates: { at: number; offset: number }[] = [];
  for (const span of offsetSpans(now, horizonAfter(now, special), timeZone)) {
    if (span.start > now) candidates.push({ at: span.start, offset: span.offset });
    // Each local day the span touches, from the day before (whose hours may run past midnight).
    const firstDay = Math.floor((span.start + span.offset) / DAY_MS) - 1;
    const lastDay = Math.floor((span.end + span.offset) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day++) {
      // Midnight is a change too when a dated exception starts or ends there.
      const walls = [day * DAY_MS];
      const interval = intervalOn(rows, special, day);
      if (interval) {
        const closesOn = interval.closesAt <= interval.opensAt ? day + 1 : day;
        walls.push(day * DAY_MS + interval.opensAt * MINUTE_MS, closesOn * DAY_MS + interval.closesAt * MINUTE_MS);
      }
      for (const wall of walls) {
        const at = wall - span.offset;
        if (at > now && at >= span.start && at < span.end) candidates.push({ at, offset: span.offset });
      }
    }
  }
  candidates.sort((a, b) => a.at - b.at);
  for (const { at, offset } of candidates) {
    const wall = at + offset;
    const day = Math.floor(wall / DAY_MS);
    if (isOpenOnClock(rows, special, day, Math.floor((wall - day * DAY_MS) / MINUTE_MS)) !== openNow) {
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
  | { kind: "closed" }
  | { kind: "unknown" };

/**
 * The words for a status computed at some instant, read at `now` (which may be later: a page
 * stays open). Times are the service's wall clock; "closes in" under an hour. Hours that are not
 * known (`hoursKnown: false`, an imported place's unreadable opening_hours) say only that: an
 * empty timetable would otherwise read as "closed", which nobody knows.
 */
export function openingLabel(
  status: OpeningStatus & { hoursKnown?: boolean },
  timeZone: string,
  now: number,
): OpeningLabel {
  if (status.hoursKnown === false) return { kind: "unknown" };
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
    const [weekday, minute] =
      clock.minute === 0 ? [((clock.weekday + 5) % 7) + 1, 1440] : [clock.weekday, clock.minute];
    return left < DAY_MS
      ? { kind: "openUntil", time: formatMinutes(minute) }
      : { kind: "openUntilDay", time: formatMinutes(minute), day: WEEKDAYS[weekday - 1]! };
  }
  const time = formatMinutes(clock.minute);
  return left < DAY_MS && clock.weekday === localClock(new Date(now), timeZone).weekday
    ? { kind: "opensAt", time }
    : { kind: "opensOn", time, day: WEEKDAYS[clock.weekday - 1]! };
}
