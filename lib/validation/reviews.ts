import { z } from "zod";

/** Owner replies, reports and moderation decisions: shared by the forms and the handlers. */
export const REPLY_MAX = 1000;
export const REPORT_TEXT_MAX = 500;
export const REPORT_REASONS = ["spam", "offensive", "notAVisit", "conflict", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

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
