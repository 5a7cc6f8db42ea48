import "server-only";

import { createHash } from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";

import { getPrisma, type PrismaClient } from "@/lib/db/server";
import { AppError } from "@/lib/http/errors";

/**
 * Every throttle of the site, counted by rate-limiter-flexible in the `throttles` table, so all
 * app instances agree. `points` per `duration` seconds, a window that ends by itself.
 */
export const THROTTLES = {
  /** Sign-ups per client address. */
  register: { points: 10, duration: 60 * 60 },
  /** Mails to one address about sign-ups: nobody can mail-bomb a stranger through the form. */
  registerMail: { points: 3, duration: 60 * 60 },
  /** Confirmation links re-sent per account. */
  resendConfirmation: { points: 3, duration: 60 * 60 },
  /** Password-reset requests per client address, and reset mails per account. */
  passwordReset: { points: 10, duration: 60 * 60 },
  passwordResetMail: { points: 3, duration: 60 * 60 },
  /** E-mail change links to one new address: a signed-in user cannot flood a stranger's inbox either. */
  emailChangeMail: { points: 3, duration: 60 * 60 },
  /** E-mail changes asked per account, whatever the address: the answer is no probe of who is registered. */
  emailChangeAccount: { points: 5, duration: 60 * 60 },
  /** Wrong current passwords on /profile per account (a stolen session must not become a password oracle). */
  currentPassword: { points: 5, duration: 15 * 60 },
  /** Failed sign-ins per client address, whatever the account. */
  signInAddress: { points: 50, duration: 60 * 60 },
  /** Consecutive failed sign-ins per account and address; the count that sets the delay. */
  signInFailures: { points: 10_000, duration: 24 * 60 * 60 },
  /** The delay itself: a key blocked here waits (see sign-in-throttle.ts). */
  signInDelay: { points: 1, duration: 1 },
  /**
   * Wrong second-factor codes per account, from any address: the sign-in delay is per address and
   * a right password resets it, so this cap is what keeps a million codes out of reach.
   */
  mfaCode: { points: 5, duration: 15 * 60 },
  /** Wrong codes per second-step challenge (which lives five minutes): then it ends, and the password is asked again. */
  mfaChallenge: { points: 5, duration: 5 * 60 },
  feedback: { points: 5, duration: 60 * 60 },
  geocode: { points: 60, duration: 60 },
  upload: { points: 30, duration: 60 * 60 },
  /** Review reports per account: enough for a moderator-minded driver, too few to flood the queue. */
  reviewReport: { points: 20, duration: 60 * 60 },
  /**
   * New reviews per account. A driver reviews the few places they used, one review each; six in an
   * hour is already a road trip reviewed in one sitting, while a script posting to every station
   * is stopped at the seventh. Edits of one's own review are not counted (see upsertReview).
   */
  review: { points: 6, duration: 60 * 60 },
  /**
   * New reviews per client address, whatever the account: fresh accounts cost a script nothing.
   * Higher than per account because a mobile carrier's NAT or an office puts many drivers behind one address.
   */
  reviewAddress: { points: 30, duration: 60 * 60 },
  /** Visit codes per station per day (see visit-codes.ts for the outstanding cap). */
  visitCode: { points: 20, duration: 24 * 60 * 60 },
  /** "Hours wrong / closed permanently" taps per client address. */
  hoursReport: { points: 10, duration: 60 * 60 },
  /**
   * Owners' analytics beacons per client address, refused silently (the beacon expects no answer):
   * a day's browsing sends far fewer, a script walking every station is cut off.
   */
  statEvent: { points: 300, duration: 60 * 60 },
  /** New claims of listings per account: an owner claims their few places, not the catalogue. */
  claim: { points: 5, duration: 24 * 60 * 60 },
  /** Claim codes mailed per claim, and per place's address whoever asks: nobody floods a business's inbox. */
  claimCode: { points: 3, duration: 60 * 60 },
  claimCodeAddress: { points: 5, duration: 60 * 60 },
  /** Claim codes checked per account and per client address, counted before the check like mfaCode. */
  claimVerify: { points: 10, duration: 60 * 60 },
  claimVerifyAddress: { points: 30, duration: 60 * 60 },
  /**
   * Drivers' requests for a price (features/requests): new requests per driver a day and per client
   * address an hour (fresh accounts cost a script nothing); new requests to one service a day, so
   * a flood aimed at one shop is refused for that shop alone; answers per account an hour.
   */
  quoteRequest: { points: 5, duration: 24 * 60 * 60 },
  quoteRequestAddress: { points: 20, duration: 60 * 60 },
  quoteInbound: { points: 30, duration: 24 * 60 * 60 },
  quoteAnswer: { points: 60, duration: 60 * 60 },
  /** Messages in requests' threads per account an hour: a conversation, not a flood. */
  quoteMessage: { points: 60, duration: 60 * 60 },
  /**
   * Card payments through monobank, per account: the result page asks every 2 s for a minute
   * (and "Check again"); a few card-button clicks an hour. Each outcome call may read monobank with
   * the site's one MONO_TOKEN, whose rate limit every payer shares.
   */
  monoOutcome: { points: 60, duration: 60 },
  monoInvoice: { points: 20, duration: 60 * 60 },
} as const;

export type ThrottleName = keyof typeof THROTTLES;

const limiters = new WeakMap<PrismaClient, Map<ThrottleName, RateLimiterPrisma>>();

export async function limiter(name: ThrottleName): Promise<RateLimiterPrisma> {
  const prisma = await getPrisma();
  let byName = limiters.get(prisma);
  if (!byName) limiters.set(prisma, (byName = new Map()));
  let found = byName.get(name);
  if (!found) {
    // Expired rows are purged by features/admin/server/retention.ts, not by a timer in every instance.
    found = new RateLimiterPrisma({
      storeClient: prisma,
      tableName: "throttle",
      keyPrefix: name,
      clearExpiredByTimeout: false,
      ...THROTTLES[name],
    });
    byName.set(name, found);
  }
  return found;
}

/** Keys stay within the column whatever they are made of (a long e-mail, a header value). */
export function throttleKey(...parts: string[]): string {
  const key = parts.join("|");
  return key.length <= 120 ? key : createHash("sha256").update(key).digest("hex");
}

/** Counts one; over the limit it throws a translated 429 with the seconds to wait. */
export async function take(name: ThrottleName, key: string): Promise<void> {
  if (!(await tryTake(name, key))) {
    const res = await (await limiter(name)).get(throttleKey(key));
    throw tooMany(res?.msBeforeNext ?? THROTTLES[name].duration * 1000);
  }
}

/** Counts one and says whether it was within the limit, for limits that refuse silently. */
export async function tryTake(name: ThrottleName, key: string): Promise<boolean> {
  try {
    await (await limiter(name)).consume(throttleKey(key));
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

export async function forget(name: ThrottleName, key: string): Promise<void> {
  await (await limiter(name)).delete(throttleKey(key));
}

/** forget() inside the caller's transaction (a second connection would wait for it on PGlite). */
export async function forgetIn(db: Pick<PrismaClient, "throttle">, name: ThrottleName, key: string): Promise<void> {
  await db.throttle.deleteMany({ where: { key: (await limiter(name)).getKey(throttleKey(key)) } });
}

/**
 * Counts one attempt BEFORE it is checked, in one statement, so parallel requests cannot all pass
 * a count read before any of them adds to it. `consumed` is the count with this one; over the
 * limit `allowed` is false (the attempt must not be checked at all).
 */
export async function countAttempt(
  name: ThrottleName,
  key: string,
): Promise<{ allowed: boolean; consumed: number; msBeforeNext: number }> {
  try {
    const res = await (await limiter(name)).consume(throttleKey(key));
    return { allowed: true, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return { allowed: false, consumed: error.consumedPoints, msBeforeNext: error.msBeforeNext };
  }
}

/** Gives back the point countAttempt() took, for an attempt that turned out right. */
export async function refundAttempt(name: ThrottleName, key: string): Promise<void> {
  await (await limiter(name)).reward(throttleKey(key), 1);
}

export function tooMany(msBeforeNext: number, key = "Auth.tooManyRequests"): AppError {
  return new AppError(429, key, undefined, { "Retry-After": String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
}
