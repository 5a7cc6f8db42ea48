import { emailAddress } from "@/features/accounts/schema";
import { z } from "@/lib/zod";

import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from "./rules";

/** The home page's feedback (spec §4), signed with the signed-in user's address. */
export const feedbackInput = z.object({
  title: z
    .string({ error: "Validation.feedbackTitle" })
    .trim()
    .min(1, { error: "Validation.feedbackTitle" })
    .max(FEEDBACK_TITLE_MAX, { error: "Validation.feedbackTitle" }),
  message: z
    .string({ error: "Validation.feedbackMessage" })
    .trim()
    .min(1, { error: "Validation.feedbackMessage" })
    .max(FEEDBACK_MESSAGE_MAX, { error: "Validation.feedbackMessage" }),
  email: emailAddress,
});
