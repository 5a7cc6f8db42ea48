import { profileImage } from "@/domain/service/images";
import { z } from "@/lib/zod";

import { ACCOUNT_TEXT_MAX, EMAIL_PATTERN, NAME_PATTERN, PASSWORD_PATTERN } from "./rules";

/**
 * Form rules of spec §5 for accounts, shared by the forms (client) and the data layer
 * (server). Errors are message keys under "Validation"; the patterns and limits are in ./rules.
 */

/** An account's address; feedback is signed with it too. */
export const emailAddress = z
  .string({ error: "Validation.email" })
  .trim()
  .max(ACCOUNT_TEXT_MAX, { error: "Validation.email" })
  .regex(EMAIL_PATTERN, { error: "Validation.email" });
const password = z.string({ error: "Validation.password" }).regex(PASSWORD_PATTERN, { error: "Validation.password" });
const name = z
  .string({ error: "Validation.name" })
  .trim()
  .min(1, { error: "Validation.name" })
  .max(ACCOUNT_TEXT_MAX, { error: "Validation.name" })
  .regex(NAME_PATTERN, { error: "Validation.name" });

/** How long the page a sign-up started from may be (a request form's address with its point fits many times). */
export const RETURN_PATH_MAX = 500;

/**
 * `redirect`: the page the sign-up started from (the sign-in page's `redirect`), where confirming
 * the mailed link lands; anything but a path on this site is dropped (lib/http/safe-redirect.ts).
 */
const returnPath = z
  .string({ error: "Validation.invalid" })
  .max(RETURN_PATH_MAX, { error: "Validation.invalid" })
  .optional();
export const registerInput = z.object({ name, email: emailAddress, password, redirect: returnPath });
export type RegisterInput = z.infer<typeof registerInput>;

/** Sign-in checks only the shape: a weak password is simply a wrong one. */
export const loginInput = z.object({
  email: z
    .string({ error: "Auth.invalidCredentials" })
    .trim()
    .max(ACCOUNT_TEXT_MAX, { error: "Auth.invalidCredentials" }),
  password: z.string({ error: "Auth.invalidCredentials" }).max(ACCOUNT_TEXT_MAX, { error: "Auth.invalidCredentials" }),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The password typed again to prove it is the account's owner (confirmation, deletion, changes). */
const currentPassword = z
  .string({ error: "Validation.currentPasswordRequired" })
  .min(1, { error: "Validation.currentPasswordRequired" })
  .max(ACCOUNT_TEXT_MAX, { error: "Auth.currentPasswordWrong" });

/** The link's second half: the password chosen at sign-up. */
export const confirmEmailInput = z.object({
  password: z
    .string({ error: "Auth.confirmPasswordWrong" })
    .max(ACCOUNT_TEXT_MAX, { error: "Auth.confirmPasswordWrong" }),
});

/**
 * Profile: every field optional; a blank password keeps the current one. A new e-mail or password
 * needs the current password (checked by the data layer, which knows what changes).
 */
export const profileInput = z.object({
  name: name.refine((value) => value.length >= 3, { error: "Validation.name" }).optional(),
  email: emailAddress.optional(),
  password: z.union([z.literal(""), password]).optional(),
  currentPassword: z
    .string({ error: "Validation.currentPasswordRequired" })
    .max(ACCOUNT_TEXT_MAX, { error: "Auth.currentPasswordWrong" })
    .optional(),
  image: profileImage.optional(),
});

/** Just an address: asking for a password-reset link or a new confirmation link. */
export const emailRequestInput = z.object({ email: emailAddress });
/**
 * A new confirmation link, asked for on the sign-in page: its `redirect` (the page the sign-up
 * started from) rides in the link as at sign-up, since the new link replaces the first one.
 */
export const resendConfirmationInput = emailRequestInput.extend({ redirect: returnPath });
export const passwordResetInput = z.object({
  token: z.string({ error: "Auth.resetInvalid" }).max(200, { error: "Auth.resetInvalid" }),
  password,
});
export const deleteAccountInput = z.object({ currentPassword });

/** A code from the authenticator app; whether it is six digits and right is the server's answer. */
const totpCode = z
  .string({ error: "Auth.mfaCodeWrong" })
  .trim()
  .min(1, { error: "Auth.mfaCodeWrong" })
  .max(20, { error: "Auth.mfaCodeWrong" });
export const totpCodeInput = z.object({ code: totpCode });
/** Starting to set it up: the password, so a session alone cannot tie the account to a stranger's phone. */
export const totpStartInput = z.object({ currentPassword });
/** Turning the second factor off: the password and a code, so neither a borrowed session nor a stolen phone suffices. */
export const totpDisableInput = z.object({ currentPassword, code: totpCode });
/** The sign-in's second step: a code, or one of the recovery codes (server/mfa.ts asks for one of them). */
export const secondStepInput = z.object({
  code: totpCode.optional(),
  recoveryCode: z
    .string({ error: "Auth.recoveryCodeWrong" })
    .trim()
    .min(1, { error: "Auth.recoveryCodeWrong" })
    .max(40, { error: "Auth.recoveryCodeWrong" })
    .optional(),
});
/**
 * The link mailed to a new address, with the account's password unless its owner is signed in;
 * any token that is no string is as invalid as an expired one.
 */
export const emailChangeConfirmInput = z.object(
  {
    token: z.string({ error: "Auth.emailChangeInvalid" }).max(200, { error: "Auth.emailChangeInvalid" }),
    currentPassword: currentPassword.optional(),
  },
  { error: "Auth.emailChangeInvalid" },
);
export type ProfileInput = z.infer<typeof profileInput>;
