import { CUSTOM_JOB, PRICE_JOBS } from "@/domain/service/jobs";
import type { SameShape } from "@/lib/same-shape";
import { z } from "@/lib/zod";

import type { MatchedJob } from "./matched-job";
import type { PaidMedian, PriceList } from "./price-list";

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

export const matchedJobAgrees: SameShape<MatchedJob, z.infer<typeof MatchedJobAnswer>> = true;
export const priceListAgrees: SameShape<PriceList, z.infer<typeof PriceListAnswer>> = true;
export const paidMedianAgrees: SameShape<PaidMedian, z.infer<typeof PaidMedianAnswer>> = true;
