/**
 * What never reaches a log line in clear, for the security log (security-log.ts) and the server's
 * log (lib/log.ts) alike: values under a secret's name, secrets written into text under their name,
 * and e-mail addresses beyond their first letter and domain.
 */

/** Values under these names are never written, whatever a caller passes. */
export const SECRET_NAME = /pass|token|secret|code|otp|cookie|authorization|signature/i;

// From the start of the local part only, however long: a match may not begin mid-part, which would
// leave its beginning in clear. Both parts hold only what an address may (letters of any script), so
// a second address right after a comma or slash is masked too, and so is one encoded in a URL (%40).
const EMAIL =
  /(?<![\p{L}\p{N}_.%+-])([\p{L}\p{N}_.%+-])[\p{L}\p{N}_.%+-]*(?:@|%40)([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/giu;
// A secret written into a text value under its own name (a link's ?token=…, "code: 123456").
const SECRET_IN_TEXT = /\b(token|code|otp|pass(?:word)?|secret)(\s*[=:]\s*)[^&\s]+/gi;

/** j•••@example.com: enough to see that attempts aim at one address, not the address itself. */
export function maskEmail(text: string): string {
  return text.replace(EMAIL, (_all, first: string, domain: string) => `${first}•••@${domain}`);
}

/** Addresses masked and secrets written under their name blanked: "?token=•••", "code: •••". */
export function cleanText(text: string): string {
  return maskEmail(text).replace(SECRET_IN_TEXT, "$1$2•••");
}
