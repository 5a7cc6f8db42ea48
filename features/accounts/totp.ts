import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/**
 * The second factor's codes (RFC 6238 as every authenticator app makes them: SHA-1, six digits,
 * 30-second steps) and the recovery codes, as pure rules. Storage, throttles and sessions are in
 * server/mfa.ts.
 */
export const TOTP_ISSUER = "Maister";
const PERIOD_S = 30;
const DIGITS = 6;
/** Steps either side of now that still count: a phone's clock a little off, a code typed slowly. */
const WINDOW = 1;

const totp = (secret: string, label = "") =>
  new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_S });

/** A new secret of 160 bits (RFC 4226's recommendation), base32 as the apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the QR code carries: issuer Maister, the account's e-mail as label. */
export function totpUrl(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The 30-second step a moment falls in: what totpLastStep stores. */
export function totpStep(now = Date.now()): number {
  return TOTP.counter({ period: PERIOD_S, timestamp: now });
}

/** The code of a moment (the tests and the demo documentation compute codes with it). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/**
 * Whether a typed code is right now: the step it belongs to, "used" when that step is not later
 * than the last one accepted (a code seen over a shoulder or in a log cannot be used again, nor an
 * older one), else "wrong".
 */
export function checkTotpCode(
  secret: string,
  typed: string,
  lastStep: number | null,
  now = Date.now(),
): { step: number } | "used" | "wrong" {
  const code = typed.replace(/\s/g, "");
  if (!/^[0-9]{6}$/.test(code)) return "wrong";
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return "wrong";
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? "used" : { step };
}

/** Letters and digits nobody confuses when copying by hand (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_COUNT = 10;

/** Ten single-use codes, aaaaa-bbbbb (about 49 bits each), shown once and stored only as keyed hashes. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    codes.add(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  return [...codes];
}

/** A recovery code as it is hashed: case, spaces and dashes as typed do not matter. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9]/g, "");
}
