import "server-only";

import { dateOfDay, localClock } from "@/domain/service/clock";
import { ownService } from "@/domain/service/server/ownership";
import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { ServiceStats } from "@/features/stats/answers";
import { fillDays, type StatKind } from "@/features/stats/events";
import { statDaysInput, statEventInput } from "@/features/stats/schema";
import { getPrisma } from "@/lib/db/server";
import { isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { keyedHash } from "@/lib/security/app-secret";
import { tryTake } from "@/lib/security/rate-limit";

/**
 * Owners' analytics without cookies or personal data: a counter per service, local day and kind.
 * A repeat by the same visitor the same day is not counted again: a keyed hash of (address,
 * service, kind, day) is stored for the day, and the mark and the count are one statement, so any
 * number of instances count each visitor once. The browser string is not part of it (anyone can
 * send a new one with every request); the cost is that people behind one address (a carrier's
 * NAT, an office) count as one visitor a day. Events past an address's hourly limit
 * (THROTTLES.statEvent) are dropped silently: the beacon reads no answer, and a 429 would only
 * tell a script when to switch addresses.
 */
const BOTS = /\bbot\b|bot\/|crawl|spider|slurp|externalhit|preview|lighthouse|pagespeed|curl\/|wget\/|python|java\//i;
const DAY_MS = 86_400_000;

/** POST /api/items/{id}/events: true when it counted. */
export async function recordEvent(
  id: string,
  body: unknown,
  who: { address: string; userAgent: string },
  now = new Date(),
): Promise<boolean> {
  if (!isUuid(id)) throw new NotFoundError();
  const { kind } = parseOrThrow(statEventInput, body);
  const prisma = await getPrisma();
  const service = await prisma.service.findFirst({
    where: { id, ...PUBLISHED_WHERE },
    select: { id: true, timeZone: true },
  });
  if (!service) throw new NotFoundError();
  if (!who.userAgent || BOTS.test(who.userAgent)) return false;
  if (!(await tryTake("statEvent", who.address))) return false;
  const day = localClock(now, service.timeZone).date;
  const hash = keyedHash("stat", `${who.address}|${id}|${kind}|${day}`);
  // Kept past the end of the day in any zone; the purge job removes it after.
  const expiresAt = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS);
  const counted = await prisma.$executeRaw`WITH mark AS (
      INSERT INTO stat_marks (hash, "expiresAt") VALUES (${hash}, ${expiresAt}) ON CONFLICT (hash) DO NOTHING RETURNING 1)
    INSERT INTO service_stats ("serviceId", day, kind, count)
    SELECT ${id}::uuid, ${day}::date, ${kind}::"StatKind", 1 FROM mark
    ON CONFLICT ("serviceId", day, kind) DO UPDATE SET count = service_stats.count + 1`;
  return counted > 0;
}

/** GET /api/items/users/{id}/stats?days=30: the owner's (or an admin's) last days, zeros included. */
export async function getServiceStats(
  viewer: Viewer | null,
  id: string,
  rawDays: unknown = undefined,
  now = new Date(),
): Promise<ServiceStats> {
  requireAccess(viewer, "signedIn");
  const days = parseOrThrow(statDaysInput, rawDays);
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  const { timeZone } = await prisma.service.findUniqueOrThrow({ where: { id: row.id }, select: { timeZone: true } });
  const today = localClock(now, timeZone).day;
  const firstDay = dateOfDay(today - days + 1);
  const rows = await prisma.serviceStat.findMany({
    where: { serviceId: row.id, day: { gte: new Date(`${firstDay}T00:00:00Z`) } },
    select: { day: true, kind: true, count: true },
  });
  return fillDays(
    firstDay,
    dateOfDay(today),
    rows.map((entry) => ({
      day: entry.day.toISOString().slice(0, 10),
      kind: entry.kind as StatKind,
      count: entry.count,
    })),
  );
}
