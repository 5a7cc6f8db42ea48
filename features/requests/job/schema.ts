import { typedText, z } from "@/lib/zod";

import {
  JOB_DISPUTE_REASON_MAX,
  JOB_DISPUTE_REASON_MIN,
  JOB_EXTRA_DESCRIPTION_MAX,
  JOB_EXTRA_DESCRIPTION_MIN,
  JOB_EXTRA_PRICE_MAX,
  JOB_FINAL_PRICE_MAX,
  JOB_NOTE_MAX,
  JOB_RESOLUTION_NOTE_MAX,
} from "./rules";

/**
 * The inputs of a job's routes, shared by the panel's forms and the server. Every field refused
 * names itself with a message key of the Job namespace. Texts are taken as typed (typedText: line
 * breaks kept, invisible and control characters dropped) and counted once trimmed.
 */

const wholeUah = (max: number, key: string, min = 1) =>
  z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

/** POST /api/requests/{id}/extras: extra work the shop proposes, with its price. */
export const extraInput = z.object(
  {
    description: typedText(JOB_EXTRA_DESCRIPTION_MAX, {
      required: "Job.extraDescription",
      tooLong: "Job.extraDescription",
    }).refine((value) => [...value].length >= JOB_EXTRA_DESCRIPTION_MIN, { error: "Job.extraDescription" }),
    price: wholeUah(JOB_EXTRA_PRICE_MAX, "Job.extraPrice"),
  },
  { error: "Api.badRequest" },
);
export type ExtraInput = z.infer<typeof extraInput>;

/** PUT /api/requests/{id}/extras/{extraId}: the driver's word on one proposed extra. */
export const extraDecisionInput = z.object(
  { decision: z.enum(["approve", "decline"], { error: "Job.extraDecision" }) },
  { error: "Api.badRequest" },
);

/** POST /api/requests/{id}/done: the shop marks the job done with the final price (0: nothing to pay). */
export const doneInput = z.object(
  {
    finalPrice: wholeUah(JOB_FINAL_PRICE_MAX, "Job.finalPrice", 0),
    note: z.string({ error: "Job.note" }).trim().max(JOB_NOTE_MAX, { error: "Job.note" }).optional().default(""),
  },
  { error: "Api.badRequest" },
);
export type DoneInput = z.infer<typeof doneInput>;

const disputeReason = z
  .string({ error: "Job.reason" })
  .trim()
  .max(JOB_DISPUTE_REASON_MAX, { error: "Job.reason" })
  .optional();

/** PUT /api/requests/{id}/done: the driver confirms the job, or disputes it with a reason. */
export const jobDecisionInput = z
  .object(
    {
      decision: z.enum(["confirm", "dispute"], { error: "Job.decision" }),
      reason: disputeReason,
    },
    { error: "Api.badRequest" },
  )
  .superRefine((input, context) => {
    if (input.decision === "dispute" && [...(input.reason ?? "")].length < JOB_DISPUTE_REASON_MIN)
      context.addIssue({ code: "custom", path: ["reason"], message: "Job.reason" });
  });
export type JobDecisionInput = z.infer<typeof jobDecisionInput>;

/** PUT /api/items/admin/requests/{id}/dispute: an admin's word on a disputed job. */
export const disputeResolutionInput = z.object(
  {
    outcome: z.enum(["confirmed", "not_done"], { error: "Job.outcome" }),
    note: typedText(JOB_RESOLUTION_NOTE_MAX, { required: "Job.resolutionNote", tooLong: "Job.resolutionNote" }),
  },
  { error: "Api.badRequest" },
);
