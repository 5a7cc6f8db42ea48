import "server-only";
import { PAID_MEDIAN_MIN, type PriceJob } from "@/lib/prices";
import { priceListInput } from "@/lib/validation/prices";
import { getPrisma } from "./db";
import { requireAccess } from "./guards";
import { ownService } from "./listings";
import { changingCatalog } from "./read-cache";
import type { Viewer } from "./session";
import { parseOrThrow } from "./validate";

/**
 * Owners' "from" prices for standard jobs (lib/prices.ts) and what reviewers say they paid. Only
 * the owner or an admin changes a list; a change is a catalogue change ("has prices", the
 * cheapest-first order and the page read it).
 */
export type PriceLine = { job: string; label: string; fromUah: number };
export type PriceList = { lines: PriceLine[]; updatedAt: string | null };
export type PaidMedian = { job: PriceJob; medianUah: number; count: number };

export const priceLines = { orderBy: { position: "asc" }, select: { job: true, label: true, fromUah: true } } as const;

/** GET /api/items/users/{id}/prices */
export async function getOwnPrices(viewer: Viewer | null, id: string): Promise<PriceList> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  const service = await prisma.service.findUniqueOrThrow({ where: { id: row.id }, select: { pricesUpdatedAt: true, prices: priceLines } });
  return { lines: service.prices, updatedAt: service.pricesUpdatedAt?.toISOString() ?? null };
}

/** PUT /api/items/users/{id}/prices: the whole list in one transaction; an empty list means "no prices". */
export async function replacePrices(viewer: Viewer | null, id: string, body: unknown, now = new Date()): Promise<PriceList> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const { lines } = parseOrThrow(priceListInput, body);
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction([
      prisma.servicePrice.deleteMany({ where: { serviceId: row.id } }),
      prisma.servicePrice.createMany({ data: lines.map((line, position) => ({ ...line, serviceId: row.id, position })) }),
      prisma.service.update({ where: { id: row.id }, data: { pricesUpdatedAt: lines.length ? now : null }, select: { id: true } }),
    ]),
  );
  return getOwnPrices(viewer, id);
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
