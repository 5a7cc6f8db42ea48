import { z } from "@/lib/zod";

import { CLAIM_MESSAGE_MAX, CLAIM_REASON_MAX } from "./rules";

/** POST /api/items/{id}/claim: who the claimant is, in a few words for whoever decides. */
export const claimInput = z.object({
  message: z
    .string({ error: "Claims.messageRequired" })
    .trim()
    .min(1, { error: "Claims.messageRequired" })
    .max(CLAIM_MESSAGE_MAX, { error: "Claims.messageTooLong" }),
});

/** POST /api/items/{id}/claim/verify: the six digits from the mail; a space in "123 456" is allowed. */
export const claimCodeInput = z.object({
  code: z
    .string({ error: "Claims.codeShape" })
    .transform((code) => code.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "Claims.codeShape" })),
});

/** PUT /api/items/admin/claims/{claimId}: approve, or reject with a reason the claimant reads. */
export const claimDecisionInput = z
  .object({
    decision: z.enum(["approve", "reject"], { error: "Claims.decisionRequired" }),
    reason: z
      .string({ error: "Claims.reasonTooLong" })
      .trim()
      .max(CLAIM_REASON_MAX, { error: "Claims.reasonTooLong" })
      .optional()
      .default(""),
  })
  .superRefine((input, context) => {
    if (input.decision === "reject" && !input.reason)
      context.addIssue({ code: "custom", path: ["reason"], message: "Claims.reasonRequired" });
  });
