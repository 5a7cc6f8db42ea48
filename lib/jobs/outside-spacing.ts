import "server-only";

import { getPrisma } from "@/lib/db/server";

/**
 * Books start times at least `intervalMs` apart for one outside service, across every app instance:
 * the booking is one atomic upsert on the service's row, so concurrent callers on any instance never
 * share a slot, and nobody holds a lock while waiting. A caller whose slot is further away than
 * `maxWaitMs` books nothing and gets null (it should give up rather than queue). Returns how long to
 * wait, and the booked start on the database's clock.
 */
export async function reserveOutsideCall(
  name: string,
  intervalMs: number,
  maxWaitMs: number,
): Promise<{ waitMs: number; startsAt: Date } | null> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ wait: number; startsAt: Date }[]>`
    INSERT INTO outside_call_slots (name, "nextAt") VALUES (${name}, clock_timestamp() + ${intervalMs} * interval '1 millisecond')
    ON CONFLICT (name) DO UPDATE SET "nextAt" = greatest(outside_call_slots."nextAt", clock_timestamp()) + ${intervalMs} * interval '1 millisecond'
      WHERE outside_call_slots."nextAt" - clock_timestamp() <= ${maxWaitMs} * interval '1 millisecond'
    RETURNING greatest(0, extract(epoch FROM "nextAt" - clock_timestamp()) * 1000 - ${intervalMs})::float8 AS wait,
      "nextAt" - ${intervalMs} * interval '1 millisecond' AS "startsAt"`;
  const row = rows[0];
  return row ? { waitMs: Math.round(Number(row.wait)), startsAt: new Date(row.startsAt) } : null;
}
