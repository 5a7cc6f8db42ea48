import { STAT_KINDS, STATS_DAYS } from "@/features/stats/events";
import { z } from "@/lib/zod";

export const statEventInput = z.object({ kind: z.enum(STAT_KINDS, { error: "Stats.invalidKind" }) });

/** ?days= for the owner's stats: a week up to a year. */
export const statDaysInput = z.coerce
  .number({ error: "Stats.invalidDays" })
  .int({ error: "Stats.invalidDays" })
  .min(7, { error: "Stats.invalidDays" })
  .max(366, { error: "Stats.invalidDays" })
  .default(STATS_DAYS);
