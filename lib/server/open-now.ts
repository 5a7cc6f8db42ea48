import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { dateOfDay, localClock } from "@/lib/timetable";
import { getPrisma } from "./db";

/**
 * "Open now" in SQL, the same rule as isOpenAt in lib/timetable.ts, usable as a list filter:
 * 1. the owner's live word while it lasts (open and on generator count as open);
 * 2. else a dated exception covering the local date replaces that day's weekly hours;
 * 3. else the weekday's hours: [opensAt, closesAt) today, or yesterday's running past midnight.
 *
 * The local date, weekday and minute are computed here once per time zone in use and handed to
 * PostgreSQL as a small table, so no time zone is converted row by row. Dated exceptions are few
 * and short, so the ones covering today or yesterday anywhere are gathered once into hashed
 * sets, and a row without any costs one hash probe, not an index probe.
 */
export async function openNowCondition(instant: Date): Promise<Prisma.Sql> {
  const clocks = (await timeZonesInUse()).map((zone) => {
    const { day, date, weekday, minute } = localClock(instant, zone);
    const previous = ((weekday + 5) % 7) + 1;
    return Prisma.sql`(${zone}, ${weekday}::int, ${previous}::int, ${minute}::int, ${date}::date, ${dateOfDay(day - 1)}::date)`;
  });
  if (!clocks.length) return Prisma.sql`false`;
  const clock = Prisma.sql`(VALUES ${Prisma.join(clocks)}) AS clock(zone, weekday, previous, minute, today, yesterday)`;
  const covering = (day: Prisma.Sql, open: Prisma.Sql) => Prisma.sql`(SELECT x."serviceId" FROM special_hours x
    JOIN services sx ON sx.id = x."serviceId" JOIN ${clock} ON clock.zone = sx."timeZone"
    WHERE ${day} BETWEEN x."startsOn" AND x."endsOn" AND ${open})`;
  const coveredToday = covering(Prisma.sql`clock.today`, Prisma.sql`true`);
  const coveredYesterday = covering(Prisma.sql`clock.yesterday`, Prisma.sql`true`);
  const openBySpecial = covering(
    Prisma.sql`clock.today`,
    Prisma.sql`NOT x.closed AND x."opensAt" <= clock.minute AND (x."closesAt" <= x."opensAt" OR x."closesAt" > clock.minute)`,
  );
  const overnightBySpecial = covering(Prisma.sql`clock.yesterday`, Prisma.sql`NOT x.closed AND x."closesAt" <= x."opensAt" AND x."closesAt" > clock.minute`);
  return Prisma.sql`(CASE WHEN s."liveUntil" > ${instant} AND s."liveUpdatedAt" <= ${instant} THEN s."liveState" IN ('open', 'generator') ELSE (
    EXISTS (
      SELECT 1 FROM opening_hours h JOIN ${clock} ON clock.zone = s."timeZone"
      WHERE h."serviceId" = s.id AND h.closed = false AND (
        (h.weekday = clock.weekday AND h."opensAt" <= clock.minute AND (h."closesAt" <= h."opensAt" OR h."closesAt" > clock.minute)
          AND s.id NOT IN ${coveredToday})
        OR (h.weekday = clock.previous AND h."closesAt" <= h."opensAt" AND h."closesAt" > clock.minute
          AND s.id NOT IN ${coveredYesterday})))
    OR s.id IN ${openBySpecial}
    OR s.id IN ${overnightBySpecial}) END)`;
}

/**
 * Distinct time zones of services, read fresh every time (a new zone must count at once) with a
 * skip scan over services_timeZone_idx: one index probe per zone, not a pass over the table.
 */
async function timeZonesInUse(): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ zone: string }[]>`WITH RECURSIVE zones AS (
      SELECT min("timeZone") AS zone FROM services
      UNION ALL SELECT (SELECT min("timeZone") FROM services WHERE "timeZone" > zones.zone) FROM zones WHERE zones.zone IS NOT NULL)
    SELECT zone FROM zones WHERE zone IS NOT NULL`;
  return rows.map((row) => row.zone).filter(isKnownTimeZone);
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * What a card needs to compute its opening status (lib/timetable.ts): the weekly hours and the
 * dated exceptions that can still matter. Read only for the rows a page returns.
 */
export const hoursColumns = (instant: Date) => Prisma.sql`(SELECT json_agg(json_build_object('weekday', h.weekday, 'closed', h.closed, 'opensAt', h."opensAt", 'closesAt', h."closesAt"))
    FROM opening_hours h WHERE h."serviceId" = s.id) AS hours,
  (SELECT json_agg(json_build_object('startsOn', to_char(x."startsOn", 'YYYY-MM-DD'), 'endsOn', to_char(x."endsOn", 'YYYY-MM-DD'), 'closed', x.closed,
      'opensAt', x."opensAt", 'closesAt', x."closesAt") ORDER BY x."startsOn")
    FROM special_hours x WHERE x."serviceId" = s.id AND x."endsOn" >= ${instant}::date - 2) AS special`;
