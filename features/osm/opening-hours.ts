import OpeningHours from "opening_hours";

import { parseTime } from "@/domain/service/clock";
import { DEFAULT_TIMETABLE, WEEKDAYS } from "@/domain/service/week";
import { type HoursRow } from "@/features/hours/timetable";

/** What an OSM opening_hours value says as our weekly timetable, or that it cannot say it faithfully. */
export type ReadHours = { hours: HoursRow[] | null; known: boolean };

const UNKNOWN: ReadHours = { hours: null, known: false };

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const WEEK_MINUTES = 7 * DAY_MINUTES;
/** Far more state changes than any weekly value has (seven days, each opening and closing a few times). */
const MOST_CHANGES = 500;

/**
 * Reads an OSM `opening_hours` value with the opening_hours library (the parser OSM apps use).
 *
 * It becomes the weekly timetable only when the library reads it, the value is the same every week
 * (`isWeekStable()` is false for public or school holidays, months, weeks, years, easter, sunrise and
 * the like), no state in the week is unknown or carries a comment ("by appointment", open end
 * "18:00+", `"call ahead"`), and each weekday opens at most once — our timetable holds one interval
 * a day, so a lunch break cannot be held faithfully. Anything else is unknown: never guessed.
 *
 * A day open all day is stored 0..1440; a stretch that runs past midnight and ends no later than it
 * began is stored on the day it starts with closesAt <= opensAt, as isOpenAt reads it.
 */
export function readOpeningHours(text: string): ReadHours {
  const value = text.trim();
  let read = remembered.get(value);
  if (!read) {
    read = readValue(value);
    if (remembered.size >= VALUES_KEPT) remembered.clear();
    remembered.set(value, read);
  }
  // Each caller gets rows of its own: the remembered ones are shared.
  return { hours: read.hours?.map((row) => ({ ...row })) ?? null, known: read.known };
}

/**
 * Read values, by text. Most places write one of a few dozen common values ("Mo-Fr 09:00-18:00"), and
 * reading one takes about half a millisecond: an import of 20,000 places reads each common one once.
 */
const remembered = new Map<string, ReadHours>();
const VALUES_KEPT = 5_000;

function readValue(value: string): ReadHours {
  if (!value) return UNKNOWN;
  let openMinutes: Uint8Array | null;
  try {
    // No place (nominatim) object: no country's holidays are known, and a value naming them is not week-stable
    // anyway. Mode 0 reads time ranges, as opening_hours holds (not points in time like collection_times).
    const hours = new OpeningHours(value, null, {
      mode: 0,
      tag_key: "opening_hours",
      locale: "en",
      map_value: false,
      warnings_severity: 4,
    });
    if (!hours.isWeekStable()) return UNKNOWN;
    openMinutes = weekOpenMinutes(hours);
  } catch {
    // The library throws on values it cannot read.
    return UNKNOWN;
  }
  if (!openMinutes) return UNKNOWN;
  const rows = rowsFromMinutes(openMinutes);
  return rows ? { hours: rows, known: true } : UNKNOWN;
}

/**
 * Minute by minute of a reference week (Monday first) whether the value says open; null when some
 * state is unknown or carries a comment. The library works on the wall clock of the machine's time
 * zone, so the week is one without a clock change there (mid-January, else mid-July), and minutes are
 * counted from its local Monday midnight: the same answer whatever TZ the process runs in.
 */
function weekOpenMinutes(hours: OpeningHours): Uint8Array | null {
  const { start, end } = referenceWeek();
  const open = new Uint8Array(WEEK_MINUTES);
  const iterator = hours.getIterator(new Date(start));
  for (let step = 0; step < MOST_CHANGES; step++) {
    const from = iterator.getDate().getTime();
    if (iterator.getUnknown() || iterator.getComment() !== undefined) return null;
    const isOpen = iterator.getState();
    const more = iterator.advance(new Date(end));
    const to = more ? Math.min(iterator.getDate().getTime(), end) : end;
    if (isOpen) open.fill(1, Math.max(0, (from - start) / MINUTE_MS), (to - start) / MINUTE_MS);
    if (!more || to >= end) return open;
  }
  return null;
}

function referenceWeek(): { start: number; end: number } {
  for (const month of [0, 6]) {
    // Monday 15 January 2024, else Monday 15 July 2024.
    const start = new Date(2024, month, 15).getTime();
    const end = new Date(2024, month, 22).getTime();
    if (end - start === WEEK_MINUTES * MINUTE_MS) return { start, end };
  }
  throw new Error("No week without a clock change in this time zone");
}

/**
 * One row per weekday (1 = Monday) from the week's open minutes, or null when a weekday would need
 * two intervals. The week wraps: Sunday night's opening runs into Monday morning.
 */
function rowsFromMinutes(open: Uint8Array): HoursRow[] | null {
  const intervals = new Map<number, { opensAt: number; closesAt: number }>();
  const add = (dayIndex: number, opensAt: number, closesAt: number) => {
    if (intervals.has(dayIndex)) return false;
    intervals.set(dayIndex, { opensAt, closesAt });
    return true;
  };
  const firstClosed = open.indexOf(0);
  if (firstClosed === -1) {
    for (let day = 0; day < 7; day++) add(day, 0, DAY_MINUTES);
  } else {
    // Walk the week from a closed minute so that no open stretch is cut at the week's edge.
    for (let offset = 1; offset <= WEEK_MINUTES; offset++) {
      const at = (firstClosed + offset) % WEEK_MINUTES;
      const previous = (at + WEEK_MINUTES - 1) % WEEK_MINUTES;
      if (!open[at] || open[previous]) continue;
      let length = 0;
      while (open[(at + length) % WEEK_MINUTES]) length++;
      if (!addStretch(add, at, length)) return null;
    }
  }
  return WEEKDAYS.map((name, index) => {
    const interval = intervals.get(index);
    if (interval) return { weekday: index + 1, closed: false, ...interval };
    // A closed day keeps the form's default times, as a timetable saved by an owner would.
    const day = DEFAULT_TIMETABLE[name];
    return { weekday: index + 1, closed: true, opensAt: parseTime(day.opening), closesAt: parseTime(day.closing) };
  });
}

/**
 * Lays an open stretch starting at a minute of the week over the days it touches. A stretch that
 * ends the next day no later than it began is one overnight interval (closesAt <= opensAt); a
 * longer one is cut at midnights: the first day until 24:00, whole days 0..1440, the last from 0.
 */
function addStretch(
  add: (dayIndex: number, opensAt: number, closesAt: number) => boolean,
  at: number,
  length: number,
): boolean {
  const day = Math.floor(at / DAY_MINUTES);
  const opensAt = at % DAY_MINUTES;
  const endsAt = opensAt + length;
  if (endsAt <= DAY_MINUTES) return add(day, opensAt, endsAt);
  if (endsAt - DAY_MINUTES <= opensAt) return add(day, opensAt, endsAt - DAY_MINUTES);
  if (!add(day, opensAt, DAY_MINUTES)) return false;
  let left = endsAt - DAY_MINUTES;
  for (let next = day + 1; left > 0; next++, left -= DAY_MINUTES) {
    if (!add(next % 7, 0, Math.min(left, DAY_MINUTES))) return false;
  }
  return true;
}
