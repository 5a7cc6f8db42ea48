/**
 * The wall clock of a time zone, for the hours (opening hours are read on the service's local
 * clock): minutes as HH:MM, an instant's local day, date, weekday and minute, and the zone's offset.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** Minutes since local midnight of a HH:MM time (24:00 is the end of the day). */
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

/** ISO weekday (1 = Monday) of an instant in a time zone. */
export function weekdayIn(instant: Date, timeZone: string): number {
  return localClock(instant, timeZone).weekday;
}

/**
 * The local calendar day (days since 1970-01-01 on the zone's wall clock), its ISO weekday, its
 * date and the minute since local midnight of an instant in a time zone.
 */
export function localClock(
  instant: Date,
  timeZone: string,
): { day: number; date: string; weekday: number; minute: number } {
  const time = instant.getTime();
  const wall = Math.floor(time / MINUTE_MS) * MINUTE_MS + zoneOffset(time, timeZone);
  const day = Math.floor(wall / DAY_MS);
  return {
    day,
    date: dateOfDay(day),
    weekday: weekdayOfDay(day),
    minute: Math.floor((wall - day * DAY_MS) / MINUTE_MS),
  };
}

/** Day 0 (1970-01-01) was a Thursday. */
export function weekdayOfDay(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** A local day as the YYYY-MM-DD date special hours are written in. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * How far the zone's wall clock is ahead of UTC at the instant, in milliseconds. Offsets change
 * only on quarter hours (UTC), so one answer serves a whole quarter: kept per zone and quarter,
 * which spares the costly formatToParts for every status computed nearby.
 */
export function zoneOffset(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_MS);
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = measuredOffset(quarter * QUARTER_MS, timeZone);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const QUARTER_MS = 15 * MINUTE_MS;
const OFFSETS_KEPT = 20_000;
const offsets = new Map<string, number>();

function measuredOffset(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    offsetFormats.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!);
  return wall - instant;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether a string has the YYYY-MM-DDTHH:mm shape of a real calendar day and time. */
export function isWallClock(value: string): boolean {
  const match = WALL_CLOCK.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return (
    h < 24 && mi < 60 && probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d
  );
}

/**
 * The instant a wall-clock time YYYY-MM-DDTHH:mm names in a zone, with the zone's offset at that
 * moment (DST-correct); null for a time the clock skips (the spring-forward night) or not of that
 * shape. A time the clock reads twice (the autumn night) is its first reading.
 */
export function wallClockToInstant(value: string, timeZone: string): Date | null {
  if (!isWallClock(value)) return null;
  const wall = Date.parse(`${value}:00Z`);
  const offsets = new Set([
    zoneOffset(wall - DAY_MS, timeZone),
    zoneOffset(wall, timeZone),
    zoneOffset(wall + DAY_MS, timeZone),
  ]);
  const instants = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => zoneOffset(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b);
  return instants.length ? new Date(instants[0]!) : null;
}

/** An instant as the wall-clock YYYY-MM-DDTHH:mm of a zone (what the forms show and send). */
export function instantToWallClock(instant: Date, timeZone: string): string {
  const { date, minute } = localClock(instant, timeZone);
  return `${date}T${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}
