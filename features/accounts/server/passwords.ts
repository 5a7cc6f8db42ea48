import "server-only";

import { readFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";

import { BadRequestError } from "@/lib/http/errors";

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

/** For every new password (sign-up, change, reset): the spec's rules are checked by the schema first. */
export function assertUncommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) throw new BadRequestError({ [field]: "Validation.passwordCommon" });
}
