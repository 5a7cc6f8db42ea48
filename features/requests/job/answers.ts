import { z } from "@/lib/zod";

import { EXTRA_STATUSES, JOB_CONFIRMERS, JOB_STATUSES } from "./rules";

/** The answers of a job's routes, as the OpenAPI document describes them, and the types they give. Amounts in whole hryvnias. */

const AgreedPriceAnswer = z
  .object({
    price: z.number().int().nullable().meta({ description: "The accepted answer's exact price." }),
    priceFrom: z.number().int().nullable(),
    priceTo: z.number().int().nullable().meta({ description: "The top of its range: what counts as agreed." }),
  })
  .meta({ id: "JobAgreedPrice", description: "The accepted answer's price: one amount, a range, or none." });

export const JobExtraAnswer = z
  .object({
    _id: z.guid(),
    description: z.string(),
    price: z.number().int(),
    status: z.enum(EXTRA_STATUSES),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "JobExtra", description: "Extra work the shop proposed, and the driver's word on it." });

export const JobAnswer = z
  .object({
    requestId: z.guid(),
    serviceId: z.guid(),
    serviceName: z.string(),
    viewer: z.enum(["driver", "service", "admin"]).meta({ description: "The viewer's part in the job." }),
    on: z.boolean().meta({ description: "The job is still on: the request accepted, not cancelled or closed since." }),
    agreed: AgreedPriceAnswer,
    extras: z.array(JobExtraAnswer).meta({ description: "Oldest first." }),
    approvedExtras: z.number().int().meta({ description: "The sum of the approved extras." }),
    ceiling: z.number().int().meta({
      description: "The most the final price may be: the agreed price (the top of a range) plus the approved extras.",
    }),
    jobStatus: z.enum(JOB_STATUSES).nullable().meta({ description: "null until the shop marks the job done." }),
    doneAt: z.iso.datetime().nullable(),
    finalPrice: z.number().int().nullable(),
    doneNote: z.string(),
    confirmBy: z.iso
      .datetime()
      .nullable()
      .meta({ description: "72 hours after the job was marked done: unanswered by then, it counts as confirmed." }),
    confirmedBy: z.enum(JOB_CONFIRMERS).nullable(),
    decidedAt: z.iso.datetime().nullable().meta({ description: "When the job was confirmed or disputed." }),
    disputeReason: z.string(),
    disputeResolvedAt: z.iso.datetime().nullable(),
    disputeResolution: z.string().meta({ description: "The admin's note on a dispute they resolved." }),
    canProposeExtra: z.boolean(),
    canDecideExtras: z.boolean(),
    canMarkDone: z.boolean(),
    canConfirm: z.boolean(),
  })
  .meta({ id: "Job", description: "The job of an accepted request: the agreed price, extra work, the end." });

export const AdminDisputeAnswer = z
  .object({
    requestId: z.guid(),
    job: z.string(),
    description: z.string(),
    driver: z.object({ name: z.string(), email: z.string() }),
    serviceId: z.guid(),
    serviceName: z.string(),
    agreed: AgreedPriceAnswer,
    extras: z.array(JobExtraAnswer),
    ceiling: z.number().int(),
    finalPrice: z.number().int().nullable(),
    doneAt: z.iso.datetime().nullable(),
    doneNote: z.string(),
    disputeReason: z.string(),
    disputedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminDispute", description: "A disputed job no admin has resolved yet." });

export type JobView = z.infer<typeof JobAnswer>;
export type JobExtraView = z.infer<typeof JobExtraAnswer>;
export type AdminDisputeView = z.infer<typeof AdminDisputeAnswer>;
