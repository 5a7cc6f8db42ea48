import "server-only";

import { localClock } from "@/domain/service/clock";
import { ownService } from "@/domain/service/server/ownership";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { liveStatusClearedAnswer, LiveStatusView, SpecialHoursView } from "@/features/hours/answers";
import { upcomingHolidays, type HolidayDate } from "@/features/hours/holidays";
import { LIVE_STATUS_DEFAULT_HOURS, liveStatusOf } from "@/features/hours/live-status";
import { liveStatusInput, specialHoursInput } from "@/features/hours/schema";
import { currentSpecialHours, toSpecialHours } from "@/features/hours/special-hours-view";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

/**
 * What overrides a service's weekly hours: the owner's live word (open, on generator, no power,
 * closed for now) and dated exceptions (holidays, other hours, temporary closures). Only the
 * owner or an admin changes them; every change is a catalogue change, since "open now" reads them.
 */

const HOUR_MS = 3_600_000;

/** PUT /api/items/users/{id}/status: the owner's word, trusted for LIVE_STATUS_DEFAULT_HOURS unless they say until when. */
export async function setLiveStatus(
  viewer: Viewer | null,
  id: string,
  body: unknown,
  now = new Date(),
): Promise<LiveStatusView> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const input = parseOrThrow(liveStatusInput(now), body);
  const until = input.until ?? new Date(now.getTime() + LIVE_STATUS_DEFAULT_HOURS * HOUR_MS);
  const prisma = await getPrisma();
  const updated = await changingCatalog(() =>
    prisma.service.update({
      where: { id: row.id },
      data: { liveState: input.state, liveNote: input.note, liveUntil: until, liveUpdatedAt: now },
      select: liveColumns,
    }),
  );
  return liveStatusOf(updated, now)!;
}

/** DELETE /api/items/users/{id}/status: back to the opening hours at once. */
export async function clearLiveStatus(
  viewer: Viewer | null,
  id: string,
): Promise<z.infer<typeof liveStatusClearedAnswer>> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.service.update({
      where: { id: row.id },
      data: { liveState: null, liveNote: "", liveUntil: null, liveUpdatedAt: null },
    }),
  );
  return { status: null };
}

export const liveColumns = { liveState: true, liveNote: true, liveUntil: true, liveUpdatedAt: true } as const;

/** GET /api/items/users/{id}/special-hours: the owner's list, past entries left out. */
export async function getSpecialHours(
  viewer: Viewer | null,
  id: string,
  now = new Date(),
): Promise<SpecialHoursView[]> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  const current = currentSpecialHours(now);
  const rows = await prisma.specialHours.findMany({ ...current, where: { ...current.where, serviceId: row.id } });
  return rows.map(toSpecialHours);
}

/** What the editor starts from: the list, today in the service's zone, and the holidays ahead. */
export async function specialHoursEditing(
  viewer: Viewer | null,
  id: string,
  now = new Date(),
): Promise<{ initial: SpecialHoursView[]; today: string; holidays: HolidayDate[] }> {
  const initial = await getSpecialHours(viewer, id, now);
  const prisma = await getPrisma();
  const { timeZone } = await prisma.service.findUniqueOrThrow({ where: { id }, select: { timeZone: true } });
  const today = localClock(now, timeZone).date;
  return { initial, today, holidays: upcomingHolidays(today) };
}

/**
 * PUT /api/items/users/{id}/special-hours: the whole list at once, in one transaction, so a
 * failure leaves the old list whole. Entries already over in the service's zone are dropped.
 */
export async function replaceSpecialHours(
  viewer: Viewer | null,
  id: string,
  body: unknown,
  now = new Date(),
): Promise<SpecialHoursView[]> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const { entries } = parseOrThrow(specialHoursInput, body);
  const prisma = await getPrisma();
  const service = await prisma.service.findUniqueOrThrow({ where: { id: row.id }, select: { timeZone: true } });
  const today = localClock(now, service.timeZone).date;
  const kept = entries.filter((entry) => entry.endsOn >= today);
  await changingCatalog(() =>
    prisma.$transaction([
      // The page changes with its hours: the sitemap's lastmod follows updatedAt; saving them confirms them.
      prisma.service.update({
        where: { id: row.id },
        data: { updatedAt: now, hoursConfirmedAt: now },
        select: { id: true },
      }),
      prisma.specialHours.deleteMany({ where: { serviceId: row.id } }),
      prisma.specialHours.createMany({
        data: kept.map((entry) => ({
          serviceId: row.id,
          startsOn: new Date(`${entry.startsOn}T00:00:00Z`),
          endsOn: new Date(`${entry.endsOn}T00:00:00Z`),
          closed: entry.closed,
          opensAt: entry.opensAt,
          closesAt: entry.closesAt,
          reason: entry.reason,
          holiday: entry.holiday,
        })),
      }),
    ]),
  );
  return getSpecialHours(viewer, id, now);
}
