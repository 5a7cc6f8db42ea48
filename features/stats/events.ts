import type { ServiceStats } from "@/features/stats/answers";

/** What owners' analytics count, shared by the page that sends and the server. */
export const STAT_KINDS = ["view", "call", "directions", "messenger", "save"] as const;
export type StatKind = (typeof STAT_KINDS)[number];
export const STATS_DAYS = 30;

const zeros = (): Record<StatKind, number> => ({ view: 0, call: 0, directions: 0, messenger: 0, save: 0 });

/**
 * Every day from `firstDay` to `lastDay` (YYYY-MM-DD, calendar days, so no DST can skip or repeat
 * one), with the counted rows filled in and zeros elsewhere, and the totals.
 */
export function fillDays(
  firstDay: string,
  lastDay: string,
  rows: { day: string; kind: StatKind; count: number }[],
): ServiceStats {
  const byDay = new Map<string, Record<StatKind, number>>();
  for (let time = Date.parse(`${firstDay}T00:00:00Z`); time <= Date.parse(`${lastDay}T00:00:00Z`); time += 86_400_000) {
    byDay.set(new Date(time).toISOString().slice(0, 10), zeros());
  }
  const totals = zeros();
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (!counts) continue;
    counts[row.kind] += row.count;
    totals[row.kind] += row.count;
  }
  return { days: [...byDay].map(([day, counts]) => ({ day, counts })), totals };
}

/**
 * The days a chart of `count` days labels on its date axis: the first, the middle and the last
 * (each once, for a short range).
 */
export function axisDayIndexes(count: number): number[] {
  if (count <= 0) return [];
  return [...new Set([0, Math.round((count - 1) / 2), count - 1])];
}
