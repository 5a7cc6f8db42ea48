import { z } from "zod";
import { REPLY_MAX, REPORT_REASONS, REPORT_TEXT_MAX } from "@/lib/review-limits";

/** Owner replies, reports and moderation decisions, checked by the handlers. */

export const replyInput = z.object({
  text: z.string({ error: "Validation.reply" }).trim().min(1, { error: "Validation.reply" }).max(REPLY_MAX, { error: "Validation.reply" }),
});

export const reportInput = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: "Validation.reportReason" }),
    text: z.string({ error: "Validation.reportText" }).trim().max(REPORT_TEXT_MAX, { error: "Validation.reportText" }).default(""),
  })
  // "Other" says nothing by itself: the moderator needs the reporter's words.
  .refine((input) => input.reason !== "other" || input.text.length > 0, { path: ["text"], error: "Validation.reportText" });

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
