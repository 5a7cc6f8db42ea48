import type { SpecialHoursView } from "./answers";
import type { Holiday } from "./holidays";

const HOUR_MS = 3_600_000;

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
 * past midnight into today), in date order. Read for one service page, the rows of a list page,
 * or the owner's editor.
 */
export const currentSpecialHours = (now: Date) =>
  ({
    where: { endsOn: { gte: new Date(now.getTime() - 48 * HOUR_MS) } },
    orderBy: { startsOn: "asc" },
    select: { startsOn: true, endsOn: true, closed: true, opensAt: true, closesAt: true, reason: true, holiday: true },
  }) as const;
