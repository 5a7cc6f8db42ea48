import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { secondStepInput, totpCodeInput, totpDisableInput } from "@/features/accounts/schema";
import { MFA_CHALLENGE_SECONDS } from "@/features/accounts/session-cookie";
import {
  checkTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUrl,
} from "@/features/accounts/totp";
import { getPrisma, type PrismaClient } from "@/lib/db/server";
import { AppError, BadRequestError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { keyedHash } from "@/lib/security/app-secret";
import { limiter, throttleKey, tooMany } from "@/lib/security/rate-limit";
import { openSecret, sealSecret } from "@/lib/security/secret-box";
import { recordSecurityEvent } from "@/lib/security/security-log";

import { toPublicUser, type PublicUser } from "./accounts";
import { requireAccess } from "./guards";
import { proveOwnership } from "./profile";
import { createSession, type NewSession, type Viewer } from "./session";
import { admitSignIn, recordSignInFailure, recordSignInSuccess } from "./sign-in-throttle";

/**
 * The second factor (TOTP, RFC 6238) and its recovery codes. The secret is stored sealed with a key
 * from APP_SECRET (lib/security/secret-box.ts) and is in force from totpEnabledAt on; totpLastStep
 * is the last 30-second step a code was accepted for, so no code works twice. Recovery codes are
 * stored as keyed hashes and work once. An account with it on signs in in two steps: the password
 * gives a five-minute challenge (cookie, MfaChallenge row), the code gives the session.
 */

type TotpUser = { id: string; totpSecret: string | null; totpLastStep: number | null };
type Db = Pick<PrismaClient, "user" | "recoveryCode">;

const recoveryHash = (userId: string, code: string) =>
  keyedHash("recovery-code", `${userId}|${normalizeRecoveryCode(code)}`);
const challengeHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Wrong codes per account are capped (THROTTLES.mfaCode) whatever the address; a right one wipes
 * the count. Reads the count before checking, so a capped account is refused even a right code.
 * `attempt` answers null when the code was right, else the message key of why not.
 */
async function throttledCheck(userId: string, attempt: () => Promise<string | null>): Promise<void> {
  const attempts = await limiter("mfaCode");
  const key = throttleKey(userId);
  const failed = await attempts.get(key);
  if (failed && failed.consumedPoints >= attempts.points) throw tooMany(failed.msBeforeNext, "Auth.tooManyAttempts");
  const wrong = await attempt();
  if (wrong) {
    await attempts.penalty(key);
    await recordSecurityEvent("mfa.failed", { userId, details: { reason: wrong } });
    throw new BadRequestError({ code: wrong }, wrong);
  }
  await attempts.delete(key);
}

/** A code from the app, accepted at most once per step; throws a translated 400/429 otherwise. */
async function acceptCode(db: Db, user: TotpUser, typed: string): Promise<void> {
  await throttledCheck(user.id, async () => {
    const secret = user.totpSecret ? openSecret(user.totpSecret) : null;
    const checked = secret ? checkTotpCode(secret, typed, user.totpLastStep) : "wrong";
    if (checked === "wrong") return "Auth.mfaCodeWrong";
    if (checked === "used") return "Auth.mfaCodeUsed";
    // Conditional, so two requests with one code cannot both pass between the read and the write.
    const { count } = await db.user.updateMany({
      where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: checked.step } }] },
      data: { totpLastStep: checked.step },
    });
    return count ? null : "Auth.mfaCodeUsed";
  });
}

async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.recoveryCode.deleteMany({ where: { userId } });
  await db.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code) })) });
  return codes;
}

async function ownAccount(viewer: Viewer | null) {
  requireAccess(viewer, "signedIn");
  return (await getPrisma()).user.findUniqueOrThrow({ where: { id: viewer.id } });
}

/** POST /api/users/profile/totp: a new secret (not in force yet) and the address its QR code shows. */
export async function startEnrolment(viewer: Viewer | null): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await ownAccount(viewer);
  if (user.totpEnabledAt) throw new AppError(409, "Auth.mfaAlreadyOn");
  const secret = newTotpSecret();
  await (
    await getPrisma()
  ).user.update({ where: { id: user.id }, data: { totpSecret: sealSecret(secret), totpLastStep: null } });
  return { secret, otpauthUrl: totpUrl(secret, user.email) };
}

/** PUT /api/users/profile/totp { code }: a right code turns it on; the recovery codes are shown once. */
export async function confirmEnrolment(viewer: Viewer | null, body: unknown): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseOrThrow(totpCodeInput, body, "Auth.mfaCodeWrong");
  const user = await ownAccount(viewer);
  if (user.totpEnabledAt) throw new AppError(409, "Auth.mfaAlreadyOn");
  if (!user.totpSecret) throw new AppError(400, "Auth.mfaNotStarted");
  const prisma = await getPrisma();
  await acceptCode(prisma, user, code);
  const recoveryCodes = await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { totpEnabledAt: new Date() } });
    return replaceRecoveryCodes(tx, user.id);
  });
  await recordSecurityEvent("mfa.enabled", { userId: user.id });
  return { recoveryCodes };
}

/** POST /api/users/profile/totp/recovery-codes { code }: ten new codes; the old ones stop working. */
export async function renewRecoveryCodes(viewer: Viewer | null, body: unknown): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseOrThrow(totpCodeInput, body, "Auth.mfaCodeWrong");
  const user = await ownAccount(viewer);
  if (!user.totpEnabledAt) throw new AppError(409, "Auth.mfaNotOn");
  const prisma = await getPrisma();
  await acceptCode(prisma, user, code);
  return { recoveryCodes: await prisma.$transaction((tx) => replaceRecoveryCodes(tx, user.id)) };
}

/** DELETE /api/users/profile/totp { currentPassword, code }: both, so neither a borrowed session nor a lost phone suffices. */
export async function disableMfa(viewer: Viewer | null, body: unknown): Promise<{ message: string }> {
  const input = parseOrThrow(totpDisableInput, body);
  const user = await ownAccount(viewer);
  if (!user.totpEnabledAt) throw new AppError(409, "Auth.mfaNotOn");
  await proveOwnership(user.id, user.passwordHash, input.currentPassword);
  const prisma = await getPrisma();
  await acceptCode(prisma, user, input.code);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.mfaChallenge.deleteMany({ where: { userId: user.id } });
  });
  await recordSecurityEvent("mfa.disabled", { userId: user.id });
  return { message: "Profile.mfaDisabled" };
}

/** What /profile shows: on or off, and how many recovery codes are left. */
export async function mfaStatus(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const prisma = await getPrisma();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true } });
  if (!user.totpEnabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await prisma.recoveryCode.count({ where: { userId, usedAt: null } }) };
}

/** Whether the account signs in in two steps (next-auth's credentials route refuses those). */
export async function secondFactorOn(userId: string): Promise<boolean> {
  const user = await (await getPrisma()).user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return Boolean(user?.totpEnabledAt);
}

/**
 * After a right password: the challenge token for the second step when the account has the second
 * factor on, else null (the caller starts the session).
 */
export async function startChallenge(userId: string): Promise<string | null> {
  if (!(await secondFactorOn(userId))) return null;
  const prisma = await getPrisma();
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await prisma.mfaChallenge.deleteMany({ where: { userId, expiresAt: { lt: new Date(now) } } });
  await prisma.mfaChallenge.create({
    data: { tokenHash: challengeHash(token), userId, expiresAt: new Date(now + MFA_CHALLENGE_SECONDS * 1000) },
  });
  return token;
}

/**
 * POST /api/users/login/totp: the challenge from the password step and { code } or
 * { recoveryCode }. Wrong ones count as failed sign-ins of the account from this address (the same
 * delays as passwords) and against the account's cap; a right one ends the challenge and signs in.
 */
export async function completeSignIn(
  token: string | undefined,
  body: unknown,
  address: string,
  userAgent: string | null,
): Promise<{ user: PublicUser; session: NewSession }> {
  const input = parseOrThrow(secondStepInput, body, "Auth.mfaCodeWrong");
  const expired = () => new AppError(401, "Auth.mfaChallengeExpired");
  if (!token || token.length > 100) throw expired();
  const prisma = await getPrisma();
  const challenge = await prisma.mfaChallenge.findUnique({
    where: { tokenHash: challengeHash(token) },
    include: { user: true },
  });
  if (!challenge || challenge.expiresAt <= new Date() || !challenge.user.totpEnabledAt) throw expired();
  const { user } = challenge;
  if (user.isBlocked) throw new AppError(403, "Auth.blocked");
  await admitSignIn(user.emailNormalized, address);
  const secondStep = input.recoveryCode ? "recoveryCode" : "app";
  try {
    if (input.recoveryCode) await spendRecoveryCode(prisma, user.id, input.recoveryCode);
    else if (input.code) await acceptCode(prisma, user, input.code);
    else throw new BadRequestError({ code: "Auth.mfaCodeWrong" }, "Auth.mfaCodeWrong");
  } catch (error) {
    if (error instanceof AppError && error.status === 400) await recordSignInFailure(user.emailNormalized, address);
    throw error;
  }
  await recordSignInSuccess(user.emailNormalized, address);
  const session = await prisma.$transaction(async (tx) => {
    // One challenge, one session: a second request with it (a double submit, a copy) finds none.
    const { count } = await tx.mfaChallenge.deleteMany({ where: { id: challenge.id } });
    if (!count) throw expired();
    return createSession(user.id, userAgent, tx);
  });
  await recordSecurityEvent("signIn.succeeded", { userId: user.id, details: { secondStep } });
  return { user: toPublicUser(user), session };
}

async function spendRecoveryCode(db: Db, userId: string, typed: string): Promise<void> {
  await throttledCheck(userId, async () => {
    const { count } = await db.recoveryCode.updateMany({
      where: { userId, codeHash: recoveryHash(userId, typed), usedAt: null },
      data: { usedAt: new Date() },
    });
    return count ? null : "Auth.recoveryCodeWrong";
  });
  const left = await db.recoveryCode.count({ where: { userId, usedAt: null } });
  await recordSecurityEvent("mfa.recoveryCodeUsed", { userId, details: { left } });
}
