import { localClock } from "@/domain/service/clock";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";

/*
 * A service offers a time on Kyiv's clock, and the driver reads it on Kyiv's clock
 * (components/request-bits.tsx): what an owner types in a datetime-local field is read in that
 * zone, not the browser's, so both sides see the same hour whatever the device says.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;

/** The wall clock of an instant in Kyiv, in milliseconds as if it were UTC. */
function wallOf(instant: number): number {
  const clock = localClock(new Date(instant), DEFAULT_TIME_ZONE);
  return Date.parse(`${clock.date}T00:00:00Z`) + clock.minute * MINUTE_MS;
}

/** "2026-12-01T10:00" on Kyiv's clock as an ISO instant; null for anything else. */
export function kyivWallTimeToIso(value: string): string | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Two corrections settle the zone's offset, also across a change of the clocks.
  let instant = wall;
  for (let round = 0; round < 2; round++) instant += wall - wallOf(instant);
  return new Date(instant).toISOString();
}

/** An instant as the datetime-local value of Kyiv's clock, to the minute. */
export function kyivWallTime(instant: Date): string {
  return new Date(wallOf(instant.getTime())).toISOString().slice(0, 16);
}
