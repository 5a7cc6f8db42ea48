import "server-only";

import { PAID_MEDIAN_MIN, type PriceJob } from "@/domain/service/jobs";
import type { Holiday } from "@/features/hours/holidays";
import type { SpecialHours } from "@/features/hours/timetable";
import { getPrisma } from "@/lib/db/server";

/**
 * What a service page shows beyond its row and that its owner edits elsewhere: the dated
 * exceptions ahead, the price list, and what reviewers paid. Kept apart from the owner's write
 * modules (opening-exceptions.ts, prices.ts), whose permission checks pull in the account and
 * mail modules: the page's reads stay loadable by the reliability scripts too.
 */
const HOUR_MS = 3_600_000;

/** A dated exception as the API and the editor show it. */
export type SpecialHoursView = SpecialHours & { reason: string; holiday: Holiday | null };

type SpecialRow = {
  startsOn: Date;
  endsOn: Date;
  closed: boolean;
  opensAt: number;
  closesAt: number;
  reason: string;
  holiday: string | null;
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export function toSpecialHours(row: SpecialRow): SpecialHoursView {
  return {
    startsOn: isoDate(row.startsOn),
    endsOn: isoDate(row.endsOn),
    closed: row.closed,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    reason: row.reason,
    holiday: row.holiday as Holiday | null,
  };
}

/**
 * The exceptions that can still matter: from yesterday on in any zone (yesterday's hours may run
 * past midnight into today), in date order. Read for one service page or the rows of a list page.
 */
export const currentSpecialHours = (now: Date) =>
  ({
    where: { endsOn: { gte: new Date(now.getTime() - 48 * HOUR_MS) } },
    orderBy: { startsOn: "asc" },
    select: { startsOn: true, endsOn: true, closed: true, opensAt: true, closesAt: true, reason: true, holiday: true },
  }) as const;

/** `radiusKm`: how far the service comes, only on a job done where the driver is (the tow truck). */
export type PriceLine = { job: string; label: string; fromUah: number; radiusKm?: number };
export type PriceList = { lines: PriceLine[]; updatedAt: string | null };
export type PaidMedian = { job: PriceJob; medianUah: number; count: number };

export const priceLines = {
  orderBy: { position: "asc" },
  select: { job: true, label: true, fromUah: true, radiusKm: true },
} as const;

/** Stored lines as the page and the API give them: a radius only where there is one. */
export function toPriceLines(rows: { job: string; label: string; fromUah: number; radiusKm: number | null }[]) {
  return rows.map(({ radiusKm, ...line }): PriceLine => (radiusKm === null ? line : { ...line, radiusKm }));
}

/** The median reviewers paid per job, for jobs with at least PAID_MEDIAN_MIN visible reports. */
export async function paidMedians(serviceId: string): Promise<PaidMedian[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ job: PriceJob; medianUah: number; count: number }[]>`
    SELECT "paidJob" AS job, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY "paidUah"))::int AS "medianUah", count(*)::int AS count
    FROM reviews WHERE "serviceId" = ${serviceId}::uuid AND "paidJob" IS NOT NULL AND "hiddenAt" IS NULL
    GROUP BY "paidJob" HAVING count(*) >= ${PAID_MEDIAN_MIN} ORDER BY "paidJob"`;
  return rows;
}
