import { STAT_KINDS } from "@/features/stats/events";
import { z } from "@/lib/zod";

/** The owner's statistics (features/stats/events.ts), as the OpenAPI document describes them. */

const counts = z
  .object({
    view: z.number().int(),
    call: z.number().int(),
    directions: z.number().int(),
    messenger: z.number().int(),
    save: z.number().int(),
  } satisfies Record<(typeof STAT_KINDS)[number], z.ZodNumber>)
  .meta({ id: "StatCounts", description: "Visitors counted once a day per kind of event." });

export const ServiceStatsAnswer = z
  .object({
    days: z
      .array(z.object({ day: z.iso.date(), counts }))
      .meta({ description: "Every day of the span, zeros included." }),
    totals: counts,
  })
  .meta({ id: "ServiceStats" });

export type ServiceStats = z.infer<typeof ServiceStatsAnswer>;
