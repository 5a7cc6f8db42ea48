import "server-only";

import { localClock } from "@/domain/service/clock";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { securityEventAnswer } from "@/features/admin/answers";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { BadRequestError, isUuid } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE, adminPage } from "@/lib/http/pagination";
import { parseOrThrow } from "@/lib/http/validate";
import { SECURITY_EVENT_KINDS } from "@/lib/security/security-log";
import { searchText, z } from "@/lib/zod";

/**
 * The security log as admins read it (/admin/security, GET /api/etc/admin/security-events):
 * newest first, filtered by kind, account (its id, or part of its e-mail), client address and a
 * range of days on the site's clock (DEFAULT_TIME_ZONE), the filters combined.
 */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .trim()
  // A real day of the calendar: 2026-02-30 parses, as 2 March, and is refused all the same.
  .refine((value) => value === "" || (DATE_PATTERN.test(value) && isCalendarDay(value)), {
    error: "SecurityLog.invalidDate",
  })
  .optional()
  .default("");

function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

export const securityLogQuery = z.object({
  kind: z
    .union([z.literal(""), z.enum(SECURITY_EVENT_KINDS)], { error: "SecurityLog.invalidKind" })
    .optional()
    .default(""),
  account: searchText.optional().default(""),
  ip: z
    .string()
    .trim()
    .max(64, { error: "SecurityLog.invalidAddress" })
    .regex(/^[0-9A-Fa-f.:]*$/, { error: "SecurityLog.invalidAddress" })
    .optional()
    .default(""),
  from: day,
  to: day,
  page: adminPage,
});
export type SecurityLogQuery = z.infer<typeof securityLogQuery>;

export type SecurityEventRow = z.infer<typeof securityEventAnswer>;

const DAY_MS = 24 * 60 * 60_000;

/** The instant a day (YYYY-MM-DD) begins on the wall clock of `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const wallMidnight = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset, measured near the instant and again at it (a change of offset in between).
  let instant = wallMidnight;
  for (let i = 0; i < 2; i++) {
    const clock = localClock(new Date(instant), timeZone);
    const offset = clock.day * DAY_MS + clock.minute * 60_000 - Math.floor(instant / 60_000) * 60_000;
    instant = wallMidnight - offset;
  }
  return new Date(instant);
}

export async function listSecurityEvents(
  viewer: Viewer | null,
  query: unknown,
): Promise<{ events: SecurityEventRow[]; page: number; pages: number; filters: SecurityLogQuery }> {
  requireAccess(viewer, "admin");
  const filters = parseOrThrow(securityLogQuery, query);
  const { kind, account, ip, from, to, page } = filters;
  if (from && to && from > to) throw new BadRequestError({ to: "SecurityLog.invalidRange" });
  const prisma = await getPrisma();
  const where: Prisma.SecurityEventWhereInput = {};
  if (kind) where.kind = kind;
  if (ip) where.ip = ip;
  if (account)
    where.userId = isUuid(account)
      ? account
      : {
          in: (
            await prisma.user.findMany({
              where: { emailNormalized: { contains: account.toLowerCase() } },
              select: { id: true },
              take: 1000,
            })
          ).map((user) => user.id),
        };
  if (from || to)
    where.at = {
      ...(from ? { gte: startOfDayIn(from, DEFAULT_TIME_ZONE) } : {}),
      ...(to ? { lt: startOfDayIn(nextDay(to), DEFAULT_TIME_ZONE) } : {}),
    };
  const total = await prisma.securityEvent.count({ where });
  const { pages, offset } = pageOf(total, page);
  const rows = await prisma.securityEvent.findMany({
    where,
    orderBy: [{ at: "desc" }, { id: "desc" }],
    skip: offset,
    take: ADMIN_PAGE_SIZE,
    include: { user: { select: { email: true } } },
  });
  return {
    events: rows.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      userId: row.userId,
      userEmail: row.user?.email ?? null,
      ip: row.ip,
      userAgent: row.userAgent,
      requestId: row.requestId,
      method: row.method,
      path: row.path,
      status: row.status,
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
    page,
    pages,
    filters,
  };
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
