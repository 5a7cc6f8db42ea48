import { COMMENT_MAX } from "@/lib/review-limits";
import { z } from "@/lib/validation/zod";
import { profileImage } from "./image";
import { paidFields, paidTogether } from "./prices";

/**
 * Form rules of spec section 5 for accounts, reviews and feedback, shared by the forms (client)
 * and the data layer (server). Errors are message keys under "Validation".
 */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%^&*]).{8,100}$/;
export const NAME_PATTERN = /^[A-Za-zА-Яа-яІіЇїЄєҐґЁёЪъЫыЭэ0-9 `'’-]+$/;
/** The spec's "standard e-mail pattern", for accounts, contact mail and the admin's user edit alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z.string({ error: "Validation.email" }).trim().max(100, { error: "Validation.email" }).regex(EMAIL_PATTERN, { error: "Validation.email" });
const password = z.string({ error: "Validation.password" }).regex(PASSWORD_PATTERN, { error: "Validation.password" });
const name = z
  .string({ error: "Validation.name" })
  .trim()
  .min(1, { error: "Validation.name" })
  .max(100, { error: "Validation.name" })
  .regex(NAME_PATTERN, { error: "Validation.name" });

export const registerInput = z.object({ name, email, password });
export type RegisterInput = z.infer<typeof registerInput>;

/** Sign-in checks only the shape: a weak password is simply a wrong one. */
export const loginInput = z.object({
  email: z.string({ error: "Auth.invalidCredentials" }).trim().max(100, { error: "Auth.invalidCredentials" }),
  password: z.string({ error: "Auth.invalidCredentials" }).max(100, { error: "Auth.invalidCredentials" }),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The password typed again to prove it is the account's owner (confirmation, deletion, changes). */
const currentPassword = z
  .string({ error: "Validation.currentPasswordRequired" })
  .min(1, { error: "Validation.currentPasswordRequired" })
  .max(100, { error: "Auth.currentPasswordWrong" });

/** The link's second half: the password chosen at sign-up. */
export const confirmEmailInput = z.object({ password: z.string({ error: "Auth.confirmPasswordWrong" }).max(100, { error: "Auth.confirmPasswordWrong" }) });

/**
 * Profile: every field optional; a blank password keeps the current one. A new e-mail or password
 * needs the current password (checked by the data layer, which knows what changes).
 */
export const profileInput = z.object({
  name: name.refine((value) => value.length >= 3, { error: "Validation.name" }).optional(),
  email: email.optional(),
  password: z.union([z.literal(""), password]).optional(),
  currentPassword: z.string({ error: "Validation.currentPasswordRequired" }).max(100, { error: "Auth.currentPasswordWrong" }).optional(),
  image: profileImage.optional(),
});

/** Just an address: asking for a password-reset link or a new confirmation link. */
export const emailRequestInput = z.object({ email });
export const passwordResetInput = z.object({ token: z.string({ error: "Auth.resetInvalid" }).max(200, { error: "Auth.resetInvalid" }), password });
export const deleteAccountInput = z.object({ currentPassword });
/** The link mailed to a new address; any token that is no string is as invalid as an expired one. */
export const emailChangeConfirmInput = z.object(
  { token: z.string({ error: "Auth.emailChangeInvalid" }).max(200, { error: "Auth.emailChangeInvalid" }) },
  { error: "Auth.emailChangeInvalid" },
);
export type ProfileInput = z.infer<typeof profileInput>;

const score = z.coerce
  .number({ error: "Validation.score" })
  .int({ error: "Validation.score" })
  .min(1, { error: "Validation.score" })
  .max(5, { error: "Validation.score" });

export const reviewInput = z
  .object({
    rating: z.object({ quality: score, speed: score, price: score }, { error: "Validation.score" }),
    comment: z.string({ error: "Validation.comment" }).trim().max(COMMENT_MAX, { error: "Validation.comment" }).default(""),
    visitCode: z.string({ error: "Review.codeInvalid" }).trim().max(20, { error: "Review.codeInvalid" }).optional(),
    ...paidFields,
  })
  .refine(paidTogether, { path: ["paidUah"], error: "Prices.paidTogether" });
export type ReviewInput = z.infer<typeof reviewInput>;

export const feedbackInput = z.object({
  title: z.string({ error: "Validation.feedbackTitle" }).trim().min(1, { error: "Validation.feedbackTitle" }).max(200, { error: "Validation.feedbackTitle" }),
  message: z
    .string({ error: "Validation.feedbackMessage" })
    .trim()
    .min(1, { error: "Validation.feedbackMessage" })
    .max(2000, { error: "Validation.feedbackMessage" }),
  email,
});
export type FeedbackInput = z.infer<typeof feedbackInput>;

/** First message key per field, the shape the API's 400 answers carry. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    fields[field] ??= issue.message.includes(".") ? issue.message : "Validation.invalid";
  }
  return fields;
}
