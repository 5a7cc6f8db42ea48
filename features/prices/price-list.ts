import type { PriceLine } from "@/features/prices/answers";

export const priceLines = {
  orderBy: { position: "asc" },
  select: { job: true, label: true, fromUah: true, radiusKm: true },
} as const;

/** Stored lines as the page and the API give them: a radius only where there is one. */
export function toPriceLines(rows: { job: string; label: string; fromUah: number; radiusKm: number | null }[]) {
  return rows.map(({ radiusKm, ...line }): PriceLine => (radiusKm === null ? line : { ...line, radiusKm }));
}
