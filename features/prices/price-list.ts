import type { PriceJob } from "@/domain/service/jobs";

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
