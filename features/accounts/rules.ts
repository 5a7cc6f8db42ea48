/**
 * The account form rules (spec §5) that client components use directly: patterns, lengths and the
 * forms' own checks. Free of zod, so that a page carries zod only once a form is used.
 */

/**
 * The parts of the form rules (spec §5) that client components use directly: limits and choices
 * the forms show (maxLength, "600 characters left", the report reasons), the patterns, and the
 * forms' own checks. Free of zod, so that a page carries zod only once a form is used (forms load
 * their schema then); the schemas of this folder build on these.
 */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%^&*]).{8,100}$/;

export const NAME_PATTERN = /^[A-Za-zА-Яа-яІіЇїЄєҐґЁёЪъЫыЭэ0-9 `'’-]+$/;

/** The spec's "standard e-mail pattern", for accounts, contact mail and the admin's user edit alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ACCOUNT_TEXT_MAX = 100;

/** The forms' own check (the server gets the new password once): typed twice, it must agree (spec §5). */
export function passwordsMatch({ password, confirm }: { password: string; confirm: string }) {
  return { confirm: password !== confirm && "Validation.passwordsMismatch" };
}

const EMAIL_NAME_MIN = 3;
/** A part of a name like john.smith+shop counts from four letters: "ivan", not "ira" or "ltd". */
const EMAIL_PART_MIN = 4;

/**
 * What a password must not contain of an address: the whole name before the @ (three characters
 * or more), the same without its separators (john.smith → johnsmith), and each part of four or more
 * (john, smith, shop).
 */
function emailNames(email: string): string[] {
  const at = email.lastIndexOf("@");
  const name = (at < 0 ? email : email.slice(0, at)).toLowerCase();
  const parts = name.split(/[.+_-]+/);
  return [
    ...(name.length >= EMAIL_NAME_MIN ? [name, parts.join("")] : []),
    ...parts.filter((part) => part.length >= EMAIL_PART_MIN),
  ];
}

/**
 * Whether a new password contains the name of one of the account's addresses (old and new): a
 * guesser's first try. The server refuses it (Validation.passwordEmailName, server/passwords.ts);
 * the forms say so as the person types.
 */
export function containsEmailName(password: string, emails: readonly (string | null | undefined)[]): boolean {
  const lower = password.toLowerCase();
  return emails.some((email) => email && emailNames(email).some((name) => lower.includes(name)));
}

/** Spec §5: the forms word a refused new password "Please enter a valid password"; the rules stay in the field's hint. */
export const NEW_PASSWORD_WORDING = { password: "Validation.passwordInvalid" } as const;

/**
 * An account API address with the page's language named (?lng), for the calls that mail a link
 * (sign-up, the confirmation link again, a password reset, a new address): the mail and its link
 * are in that language. Without it the API falls back to the language cookie, which next-intl does
 * not set when the browser's languages already lead to the page's, and then to the browser's first
 * language alone: a browser asking for ru, then uk, on a Ukrainian page got an English mail.
 */
export function inPageLanguage(path: string, locale: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}lng=${encodeURIComponent(locale)}`;
}
