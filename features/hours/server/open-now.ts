import "server-only";

import { dateOfDay, localClock } from "@/domain/service/clock";
import { rememberPartOfRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * "Open now" in SQL, the same rule as isOpenAt in features/hours/timetable.ts:
 * 1. the owner's live word while it lasts (open and on generator count as open);
 * 2. else a dated exception covering the local date replaces that day's weekly hours;
 * 3. else the weekday's hours: [opensAt, closesAt) today, or yesterday's running past midnight.
 *
 * The local date, weekday and minute are computed here once per time zone in use and handed to
 * PostgreSQL as a small table, so no time zone is converted row by row. The rule is written once
 * and given in two shapes, because the planner serves the two questions best in different ways
 * (measured at 100,000 services):
 * - `probe`, for a page: per service row, index probes by serviceId — a page sorted by an index
 *   stops after a dozen rows (0.2–1.4 ms). The time zone is matched in the join, which keeps the
 *   planner from turning it into a hashed set (40 ms) on its inflated per-row cost;
 * - `set`, for the count that walks every row anyway: the open services gathered once by the
 *   (weekday, closed, opensAt, closesAt) index and probed by hash (200 ms, against 615 ms row by row).
 */
export async function openNowConditions(instant: Date): Promise<{ probe: Prisma.Sql; set: Prisma.Sql }> {
  const clocks = (await timeZonesInUse()).map((zone) => {
    const { day, date, weekday, minute } = localClock(instant, zone);
    const previous = ((weekday + 5) % 7) + 1;
    return Prisma.sql`(${zone}, ${weekday}::int, ${previous}::int, ${minute}::int, ${date}::date, ${dateOfDay(day - 1)}::date)`;
  });
  if (!clocks.length) return { probe: Prisma.sql`false`, set: Prisma.sql`false` };
  const clock = Prisma.sql`(VALUES ${Prisma.join(clocks)}) AS clock(zone, weekday, previous, minute, today, yesterday)`;
  const openIds = (forRow: boolean) => {
    const zone = forRow ? Prisma.sql`clock.zone = s."timeZone" AND` : Prisma.empty;
    const weekly = forRow ? Prisma.sql`h."serviceId" = s.id AND` : Prisma.empty;
    const dated = forRow ? Prisma.sql`x."serviceId" = s.id AND` : Prisma.empty;
    return Prisma.sql`SELECT clock.zone, h."serviceId" FROM opening_hours h JOIN ${clock}
        ON ${zone} ((h.weekday = clock.weekday AND h."opensAt" <= clock.minute AND (h."closesAt" <= h."opensAt" OR h."closesAt" > clock.minute))
          OR (h.weekday = clock.previous AND h."closesAt" <= h."opensAt" AND h."closesAt" > clock.minute))
        WHERE ${weekly} h.closed = false AND NOT EXISTS (SELECT 1 FROM special_hours x WHERE x."serviceId" = h."serviceId"
          AND (CASE WHEN h.weekday = clock.weekday THEN clock.today ELSE clock.yesterday END) BETWEEN x."startsOn" AND x."endsOn")
      UNION ALL
      SELECT clock.zone, x."serviceId" FROM special_hours x JOIN ${clock}
        ON ${zone} ((clock.today BETWEEN x."startsOn" AND x."endsOn" AND x."opensAt" <= clock.minute AND (x."closesAt" <= x."opensAt" OR x."closesAt" > clock.minute))
          OR (clock.yesterday BETWEEN x."startsOn" AND x."endsOn" AND x."closesAt" <= x."opensAt" AND x."closesAt" > clock.minute))
        WHERE ${dated} x.closed = false`;
  };
  const liveNow = Prisma.sql`(s."liveUntil" > ${instant} AND s."liveUpdatedAt" <= ${instant})`;
  const liveOpen = Prisma.sql`(${liveNow} AND s."liveState" IN ('open', 'generator'))`;
  return {
    probe: Prisma.sql`(${liveOpen} OR (${liveNow} IS NOT TRUE AND EXISTS (${openIds(true)})))`,
    set: Prisma.sql`(${liveOpen} OR (${liveNow} IS NOT TRUE AND (s."timeZone", s.id) IN (${openIds(false)})))`,
  };
}

/**
 * Distinct time zones of services, read with a skip scan over services_timeZone_idx (one index
 * probe per zone, not a pass over the table). Kept with the list it is part of: a new zone comes
 * with a catalogue write, which drops what the read cache keeps on every instance, so it counts at
 * once; the round trip is saved for every other new question.
 */
function timeZonesInUse(): Promise<string[]> {
  return rememberPartOfRead("time-zones", readTimeZones, { keepMs: 60_000 });
}

async function readTimeZones(): Promise<string[]> {
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
 * What a card needs to compute its opening status (features/hours/timetable.ts): the weekly hours and the
 * dated exceptions that can still matter. Read only for the rows a page returns.
 */
export const hoursColumns = (
  instant: Date,
) => Prisma.sql`(SELECT json_agg(json_build_object('weekday', h.weekday, 'closed', h.closed, 'opensAt', h."opensAt", 'closesAt', h."closesAt"))
    FROM opening_hours h WHERE h."serviceId" = s.id) AS hours,
  (SELECT json_agg(json_build_object('startsOn', to_char(x."startsOn", 'YYYY-MM-DD'), 'endsOn', to_char(x."endsOn", 'YYYY-MM-DD'), 'closed', x.closed,
      'opensAt', x."opensAt", 'closesAt', x."closesAt") ORDER BY x."startsOn")
    FROM special_hours x WHERE x."serviceId" = s.id AND x."endsOn" >= ${instant}::date - 2) AS special`;
