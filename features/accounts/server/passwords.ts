import "server-only";

import { readFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";

import { containsEmailName } from "@/features/accounts/rules";
import { BadRequestError } from "@/lib/http/errors";
import { countAttempt, refundAttempt, tooMany } from "@/lib/security/rate-limit";

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the account does not exist, so both answers take the same time. */
let decoy: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword("decoy-password-never-matches");
  await verifyPassword(await decoy, password);
  return false;
}

/**
 * The 10,000 most common passwords (zxcvbn's frequency list, MIT, in data/common-passwords.txt).
 * The site's rules already demand a digit, both cases and a symbol, so a common password shows
 * up decorated: "Password1!" is "password" plus a suffix. A candidate is refused when, in lower
 * case, it or its stem without trailing digits and symbols (at least four letters long) is listed.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(process.cwd(), "features/accounts/server/common-passwords.txt"), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const withoutSymbols = lower.replace(/[!@#$%^&*]+$/, "");
  const stem = lower.replace(/[\d!@#$%^&*]+$/, "");
  return list.has(lower) || list.has(withoutSymbols) || (stem.length >= 4 && list.has(stem));
}

/**
 * What a guesser tries first at this site: its name, in either script and as people transliterate
 * it, and the account's own e-mail name (the part before the @, features/accounts/rules.ts, where
 * the forms check it as the person types).
 */
const SITE_NAMES = ["maister", "majster", "mayster", "майстер"];

/** The message key that refuses a new password, or null; `emails` are the account's addresses, old and new. */
export function passwordWeakness(password: string, emails: readonly (string | null | undefined)[] = []): string | null {
  if (isCommonPassword(password)) return "Validation.passwordCommon";
  const lower = password.toLowerCase();
  if (SITE_NAMES.some((name) => lower.includes(name))) return "Validation.passwordSiteName";
  if (containsEmailName(password, emails)) return "Validation.passwordEmailName";
  return null;
}

/**
 * For every new password (sign-up, change, reset), with the account's addresses: the spec's rules
 * are checked by the schema first.
 */
export function assertUncommonPassword(
  password: string,
  field = "password",
  emails: readonly (string | null | undefined)[] = [],
): void {
  const weakness = passwordWeakness(password, emails);
  if (weakness) throw new BadRequestError({ [field]: weakness });
}

/**
 * The current password, for changes that could lock the owner out. Wrong answers are limited per
 * account (THROTTLES.currentPassword), so a borrowed session cannot guess it: every answer is
 * counted before it is checked (parallel guesses cannot slip past a count read too early), and a
 * right one gives its own point back, the wrong ones before it staying counted.
 */
export async function proveOwnership(
  userId: string,
  passwordHash: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw new BadRequestError({ currentPassword: "Validation.currentPasswordRequired" });
  const attempt = await countAttempt("currentPassword", userId);
  if (!attempt.allowed) throw tooMany(attempt.msBeforeNext);
  if (!(await verifyPassword(passwordHash, currentPassword)))
    throw new BadRequestError({ currentPassword: "Auth.currentPasswordWrong" });
  await refundAttempt("currentPassword", userId);
}
