import "server-only";

import { ownService } from "@/domain/service/server/ownership";
import { PUBLISHED_WHERE, publishedSql } from "@/domain/service/server/published";
import { localePath, notifyInTransaction } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type {
  hoursConfirmedAnswer,
  hoursReportedAnswer,
  HoursReportRow,
  hoursReportsDismissedAnswer,
} from "@/features/hours/answers";
import { hoursReportInput } from "@/features/hours/schema";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma, type HoursReportKind } from "@/lib/generated/prisma/client";
import { isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { keyedHash } from "@/lib/security/app-secret";
import { take } from "@/lib/security/rate-limit";
import type { z } from "@/lib/zod";

/**
 * Whether a service's hours can be trusted: when the owner last confirmed them (one tap, or any
 * edit of the hours), a reminder mail 30 days after that, and visitors' one-tap reports that the
 * hours are wrong or the place has closed for good. Reports never change a listing: the owner
 * and admins see them, and confirming the hours resolves the "hours wrong" ones.
 */
export const REMIND_AFTER_DAYS = 30;
const PUBLISHED = Prisma.raw(publishedSql("s"));
const DAY_MS = 86_400_000;

/** POST /api/items/users/{id}/hours-confirmation: the owner (or an admin) says the hours are right. */
export async function confirmHours(
  viewer: Viewer | null,
  id: string,
  now = new Date(),
): Promise<z.infer<typeof hoursConfirmedAnswer>> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  // The service page says when the hours were confirmed: a catalogue write like any other it shows.
  await changingCatalog(() =>
    prisma.$transaction([
      prisma.service.update({ where: { id: row.id }, data: { hoursConfirmedAt: now }, select: { id: true } }),
      prisma.hoursReport.updateMany({
        where: { serviceId: row.id, kind: "wrong_hours", resolvedAt: null },
        data: { resolvedAt: now },
      }),
    ]),
  );
  return { hoursConfirmedAt: now.toISOString() };
}

/**
 * POST /api/items/{id}/hours-reports: one tap from anyone, throttled per address; a second tap
 * by the same person is the same report (a resolved one opens again).
 */
export async function reportHours(
  viewer: Viewer | null,
  id: string,
  body: unknown,
  address: string,
  now = new Date(),
): Promise<z.infer<typeof hoursReportedAnswer>> {
  if (!isUuid(id)) throw new NotFoundError();
  const { kind } = parseOrThrow(hoursReportInput, body);
  const prisma = await getPrisma();
  const service = await prisma.service.findFirst({ where: { id, ...PUBLISHED_WHERE }, select: { id: true } });
  if (!service) throw new NotFoundError();
  await take("hoursReport", address);
  const reporterKey = keyedHash("hours-report", viewer ? `user:${viewer.id}` : `address:${address}`);
  await prisma.hoursReport.upsert({
    where: { serviceId_kind_reporterKey: { serviceId: id, kind, reporterKey } },
    create: { serviceId: id, kind, reporterKey, createdAt: now },
    update: { resolvedAt: null },
  });
  return { reported: kind };
}

export type HoursFreshness = { hoursConfirmedAt: string; openReports: Record<HoursReportKind, number> };

/** What /mystos shows each of the viewer's services (an admin's: any): when the hours were confirmed and the open reports. */
export async function ownHoursFreshness(
  viewer: Viewer | null,
  serviceIds: string[],
): Promise<Map<string, HoursFreshness>> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const services = await prisma.service.findMany({
    where: { id: { in: serviceIds }, ...(viewer.isAdmin ? {} : { ownerId: viewer.id }) },
    select: { id: true, hoursConfirmedAt: true },
  });
  const reports = await prisma.hoursReport.groupBy({
    by: ["serviceId", "kind"],
    where: { serviceId: { in: services.map((row) => row.id) }, resolvedAt: null },
    _count: { _all: true },
  });
  const result = new Map<string, HoursFreshness>(
    services.map((row) => [
      row.id,
      { hoursConfirmedAt: row.hoursConfirmedAt.toISOString(), openReports: { wrong_hours: 0, closed_permanently: 0 } },
    ]),
  );
  for (const report of reports) result.get(report.serviceId)!.openReports[report.kind] = report._count._all;
  return result;
}

/** The admins' list: services with open reports, the most reported first. */
export async function listHoursReports(viewer: Viewer | null, limit = 100): Promise<HoursReportRow[]> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<
    { serviceId: string; name: string; wrongHours: number; closedPermanently: number; latest: Date }[]
  >`
    SELECT r."serviceId", s.name,
      count(*) FILTER (WHERE r.kind = 'wrong_hours')::int AS "wrongHours",
      count(*) FILTER (WHERE r.kind = 'closed_permanently')::int AS "closedPermanently",
      max(r."createdAt") AS latest
    FROM hours_reports r JOIN services s ON s.id = r."serviceId"
    WHERE r."resolvedAt" IS NULL
    GROUP BY r."serviceId", s.name
    ORDER BY count(*) DESC, max(r."createdAt") DESC LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, latest: row.latest.toISOString() }));
}

/** An admin clears a service's open reports (after checking, e.g. calling the station). */
export async function dismissHoursReports(
  viewer: Viewer | null,
  serviceId: string,
  now = new Date(),
): Promise<z.infer<typeof hoursReportsDismissedAnswer>> {
  requireAccess(viewer, "admin");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const { count } = await prisma.hoursReport.updateMany({
    where: { serviceId, resolvedAt: null },
    data: { resolvedAt: now },
  });
  return { dismissed: count };
}

/**
 * The reminder job: owners whose hours were confirmed over REMIND_AFTER_DAYS ago get one mail per
 * confirmation (an imported place nobody has claimed has no owner to remind). Rows are claimed with SKIP LOCKED and the mail is written in the same
 * transaction, so two instances running the job at once send each reminder once.
 */
export async function remindStaleHours(now = new Date(), batch = 50): Promise<number> {
  const prisma = await getPrisma();
  const before = new Date(now.getTime() - REMIND_AFTER_DAYS * DAY_MS);
  const sent = await prisma.$transaction(async (tx) => {
    const due = await tx.$queryRaw<
      {
        id: string;
        role: "sto" | "mechanic";
        name: string;
        ownerId: string;
        email: string;
        locale: "en" | "uk";
        ownerName: string;
      }[]
    >`
      SELECT s.id, s.role::text AS role, s.name, u.id AS "ownerId", u.email, u.locale::text AS locale, u.name AS "ownerName"
      FROM services s JOIN users u ON u.id = s."ownerId"
      WHERE s."hoursConfirmedAt" < ${before} AND (s."hoursRemindedAt" IS NULL OR s."hoursRemindedAt" < s."hoursConfirmedAt")
        AND ${PUBLISHED} AND s.claimed AND u."isBlocked" = false
      ORDER BY s."hoursConfirmedAt" LIMIT ${batch} FOR UPDATE OF s SKIP LOCKED`;
    for (const row of due) {
      const page = row.role === "sto" ? "/mystos" : "/mechanic-profile";
      await notifyInTransaction(
        tx,
        "hoursReminder",
        { id: row.ownerId, email: row.email, locale: row.locale },
        { name: row.ownerName, service: row.name },
        localePath(row.locale, page),
      );
    }
    if (due.length)
      await tx.service.updateMany({ where: { id: { in: due.map((row) => row.id) } }, data: { hoursRemindedAt: now } });
    return due.length;
  });
  return sent;
}
