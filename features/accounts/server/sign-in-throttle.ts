import "server-only";

import { RateLimiterRes } from "rate-limiter-flexible";

import { limiter, throttleKey, tooMany } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";

/**
 * Failed sign-ins slow down per account *and* address, never per account alone: a stranger
 * guessing from elsewhere cannot lock the owner out, because the owner's own address has not been
 * failing. Each address also has a cap on attempts, whatever the account (THROTTLES.signInAddress).
 */
export const FREE_FAILURES = 3;
const MAX_DELAY_S = 15 * 60;

/** Seconds to wait after the n-th consecutive failure: none for the first few, then 1, 2, 4 … 15 min. */
export function delayAfterFailure(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));
}

/** Before the password is looked at: refuses a pair still waiting, and counts the attempt for the address. */
export async function admitSignIn(email: string, address: string): Promise<void> {
  const pair = throttleKey(email, address);
  const waiting = await (await limiter("signInDelay")).get(pair);
  if (waiting && waiting.consumedPoints > 1 && waiting.msBeforeNext > 0)
    throw await locked("account", email, waiting.msBeforeNext);
  try {
    await (await limiter("signInAddress")).consume(throttleKey(address));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw await locked("address", email, error.msBeforeNext);
    throw error;
  }
}

/** The 429 of a sign-in refused unheard, recorded as a lock-out of the pair ("account") or of the address. */
async function locked(scope: "account" | "address", email: string, msBeforeNext: number) {
  await recordSecurityEvent("signIn.locked", {
    userId: null,
    status: 429,
    details: { scope, email, retryAfterSeconds: Math.ceil(msBeforeNext / 1000) },
  });
  return tooMany(msBeforeNext, "Auth.tooManyAttempts");
}

export async function recordSignInFailure(email: string, address: string): Promise<void> {
  const pair = throttleKey(email, address);
  const { consumedPoints } = await (await limiter("signInFailures")).penalty(pair);
  const delay = delayAfterFailure(consumedPoints);
  if (delay > 0) await (await limiter("signInDelay")).block(pair, delay);
}

/** A success wipes the pair's record and gives the address its attempt back. */
export async function recordSignInSuccess(email: string, address: string): Promise<void> {
  const pair = throttleKey(email, address);
  await Promise.all([
    (await limiter("signInFailures")).delete(pair),
    (await limiter("signInDelay")).delete(pair),
    (await limiter("signInAddress")).reward(throttleKey(address)),
  ]);
}
