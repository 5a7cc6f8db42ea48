import { CUSTOM_JOB, PRICE_JOBS } from "@/domain/service/jobs";
import { z } from "@/lib/zod";

/** The price pieces of the answers: an owner's list, what reviewers paid, and the line a keyword matched on a card. */

export const MatchedJobAnswer = z
  .object({
    job: z.enum([...PRICE_JOBS, CUSTOM_JOB]),
    label: z.string().meta({ description: 'The owner\'s own line\'s name (`job` "custom"), else "".' }),
    fromUah: z.number(),
    radiusKm: z
      .number()
      .int()
      .optional()
      .meta({ description: "On a tow truck's line: how far the service comes, in km." }),
  })
  .meta({ id: "MatchedJob", description: "The cheapest price line a keyword matched." });

export const PriceListAnswer = z
  .object({
    lines: z.array(
      z.object({
        job: z.string(),
        label: z.string(),
        fromUah: z.number(),
        radiusKm: z.number().int().optional().meta({
          description: "How far the service comes, in km; only on a job done where the driver is (tow_truck).",
        }),
      }),
    ),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "PriceList", description: 'The owner\'s "from" prices in hryvnias.' });

export const PaidMedianAnswer = z
  .object({ job: z.enum(PRICE_JOBS), medianUah: z.number(), count: z.number().int() })
  .meta({ id: "PaidMedian", description: "The median reviewers paid for a job." });

/**
 * A price line a keyword matched (features/catalog/server/sql-fragments.ts matchedJobColumn): a
 * catalogue job (named by the Prices.job message, `label` "") or an owner's own line ("custom",
 * named by its `label`), its "from" price in hryvnias, and for a tow truck how far it comes (km).
 */
export type MatchedJob = z.infer<typeof MatchedJobAnswer>;
export type PriceList = z.infer<typeof PriceListAnswer>;
/** `radiusKm`: how far the service comes, only on a job done where the driver is (the tow truck). */
export type PriceLine = PriceList["lines"][number];
export type PaidMedian = z.infer<typeof PaidMedianAnswer>;
