import { paidFields, paidTogether } from "@/features/prices/schema";
import { z } from "@/lib/zod";

import { COMMENT_MAX, REPLY_MAX, REPORT_REASONS, REPORT_TEXT_MAX, VISIT_CODE_MAX } from "./rules";

/** Reviews, owner replies, reports and moderation decisions: the review form and the handlers. */

// A JSON number, never coerced: `true` would read as a 1-star rating and "3" as 3 (the form sends numbers).
const score = z
  .number({ error: "Validation.score" })
  .int({ error: "Validation.score" })
  .min(1, { error: "Validation.score" })
  .max(5, { error: "Validation.score" });

export const reviewInput = z
  .object({
    rating: z.object({ quality: score, speed: score, price: score }, { error: "Validation.score" }),
    comment: z
      .string({ error: "Validation.comment" })
      .trim()
      .max(COMMENT_MAX, { error: "Validation.comment" })
      .default(""),
    visitCode: z
      .string({ error: "Review.codeInvalid" })
      .trim()
      .max(VISIT_CODE_MAX, { error: "Review.codeInvalid" })
      .optional(),
    ...paidFields,
  })
  .refine(paidTogether, { path: ["paidUah"], error: "Prices.paidTogether" });
export type ReviewInput = z.infer<typeof reviewInput>;

export const replyInput = z.object({
  text: z
    .string({ error: "Validation.reply" })
    .trim()
    .min(1, { error: "Validation.reply" })
    .max(REPLY_MAX, { error: "Validation.reply" }),
});

export const reportInput = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: "Validation.reportReason" }),
    text: z
      .string({ error: "Validation.reportText" })
      .trim()
      .max(REPORT_TEXT_MAX, { error: "Validation.reportText" })
      .default(""),
  })
  // "Other" says nothing by itself: the moderator needs the reporter's words.
  .refine((input) => input.reason !== "other" || input.text.length > 0, {
    path: ["text"],
    error: "Validation.reportText",
  });

export const moderationInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("hide"), reason: z.enum(REPORT_REASONS, { error: "Validation.reportReason" }) }),
    z.object({ action: z.literal("restore") }),
    z.object({ action: z.literal("dismiss") }),
  ],
  { error: "Validation.moderationAction" },
);
export type ModerationInput = z.infer<typeof moderationInput>;
