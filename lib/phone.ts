/**
 * Ukrainian phone numbers. People write one number many ways ("+38 (067) 123-45-67",
 * "380671234567", "067 123 4567"); one form is stored, +380XXXXXXXXX, so dial links and
 * comparisons need no guessing, and pages show the spec's XXX XXX XXXX (spec §5).
 */

/** Room for the longest way of writing a number with spaces, brackets and dashes. */
export const PHONE_INPUT_MAX = 24;

/** The country code (+380 or 380) or the trunk 0, then nine digits, the first of them not 0. */
const ACCEPTED = /^(?:\+?380|0)([1-9]\d{8})$/;

/** The stored form of a typed number, or null when it is not a Ukrainian number. */
export function normalizePhone(text: string): string | null {
  const match = ACCEPTED.exec(text.replace(/[\s()-]/g, ""));
  return match ? `+380${match[1]}` : null;
}

/** XXX XXX XXXX for any accepted form; anything else as it is, so a wrong number stays visible. */
export function displayPhone(text: string): string {
  const stored = normalizePhone(text);
  if (!stored) return text;
  const national = `0${stored.slice(4)}`;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/**
 * What the phone field keeps as the user types. A national number typed as digits gets the
 * spec's spaces after the third and sixth digit at once; other ways of writing it (+380,
 * brackets, dashes) are kept as typed, letters dropped, and tidied by displayPhone on blur.
 */
export function formatPhoneInput(text: string): string {
  const kept = text.replace(/[^\d\s()+-]/g, "");
  if (!/^0[\d\s]*$/.test(kept)) return kept.slice(0, PHONE_INPUT_MAX);
  const digits = kept.replace(/\D/g, "").slice(0, 10);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join(" ");
}
