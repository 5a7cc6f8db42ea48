import "server-only";

import { createHash, randomBytes } from "node:crypto";
import type { Locale } from "next-intl";

import { secondStepInput, totpCodeInput, totpDisableInput, totpStartInput } from "@/features/accounts/schema";
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
import { countAttempt, forget, THROTTLES, tooMany } from "@/lib/security/rate-limit";
import { openSecret, sealSecret } from "@/lib/security/secret-box";
import { recordSecurityEvent } from "@/lib/security/security-log";

import { localePath, notifyAccount } from "./account-mail";
import { requireAccess } from "./guards";
import { proveOwnership } from "./passwords";
import { toPublicUser, type PublicUser } from "./public-user";
import { createSession, endAllSessions, type NewSession, type Viewer } from "./session";
import { admitSignIn, recordSignInFailure, recordSignInSuccess } from "./sign-in-throttle";

/**
 * The second factor (TOTP, RFC 6238) and its recovery codes. The secret is stored sealed with a key
 * from APP_SECRET (lib/security/secret-box.ts) and is in force from totpEnabledAt on; totpLastStep
 * is the last 30-second step a code was accepted for, so no code works twice. Recovery codes are
 * stored as keyed hashes and work once. An account with it on signs in in two steps: the password
 * gives a five-minute challenge (cookie, MfaChallenge row), the code gives the session, which is
 * marked as having proved the factor (Session.mfaAt: admin powers need it). Turning it on, off and
 * new recovery codes are mailed to the account, so a borrowed session cannot do them unnoticed.
 */

type CodeOwner = { id: string; name: string; email: string; locale: Locale };
type TotpUser = CodeOwner & { totpSecret: string | null; totpLastStep: number | null };
type Db = Pick<PrismaClient, "user" | "recoveryCode">;

const recoveryHash = (userId: string, code: string) =>
  keyedHash("recovery-code", `${userId}|${normalizeRecoveryCode(code)}`);
const challengeHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * App codes per account are capped (THROTTLES.mfaCode) whatever the address: each is counted
 * BEFORE it is checked, in one statement, so parallel guesses cannot all pass a count read before
 * any of them added to it. Over the cap no code is checked, a right one neither (six digits are
 * too few to let anyone go on guessing): the owner's way in is then a recovery code, and they are
 * mailed once per window. A right code wipes the count. `attempt` answers null when the code was
 * right, else the message key of why not.
 */
async function throttledCheck(user: CodeOwner, attempt: () => Promise<string | null>): Promise<void> {
  const counted = await countAttempt("mfaCode", user.id);
  if (!counted.allowed) {
    // The first refusal of the window, exactly once however many arrive together.
    if (counted.consumed === THROTTLES.mfaCode.points + 1) await tellOwnerOfCap(user);
    throw tooMany(counted.msBeforeNext, "Auth.tooManyAttempts");
  }
  const wrong = await attempt();
  if (wrong) {
    await recordSecurityEvent("mfa.failed", { userId: user.id, details: { reason: wrong } });
    throw new BadRequestError({ code: wrong }, wrong);
  }
  await forget("mfaCode", user.id);
}

/** Someone with the password is guessing codes: the owner should change the password. */
async function tellOwnerOfCap(user: CodeOwner): Promise<void> {
  await recordSecurityEvent("mfa.failed", { userId: user.id, details: { reason: "capReached" } });
  await notifyAccount(
    user.id,
    "mfaCodeCap",
    user.email,
    user.locale,
    { name: user.name },
    localePath(user.locale, "/forgot-password"),
  );
}

/**
 * A code from the app, accepted at most once per step; throws a translated 400/429 otherwise. A
 * code of a step already used is told apart from a wrong one only to the signed-in owner
 * (`tellUsed`); to whoever is at the sign-in's second step both are just wrong.
 */
async function acceptCode(db: Db, user: TotpUser, typed: string, tellUsed = true): Promise<void> {
  const used = tellUsed ? "Auth.mfaCodeUsed" : "Auth.mfaCodeWrong";
  await throttledCheck(user, async () => {
    const secret = user.totpSecret ? openSecret(user.totpSecret) : null;
    const checked = secret ? checkTotpCode(secret, typed, user.totpLastStep) : "wrong";
    if (checked === "wrong") return "Auth.mfaCodeWrong";
    if (checked === "used") return used;
    // Conditional, so two requests with one code cannot both pass between the read and the write.
    const { count } = await db.user.updateMany({
      where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: checked.step } }] },
      data: { totpLastStep: checked.step },
    });
    return count ? null : used;
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

/**
 * POST /api/users/profile/totp { currentPassword }: a new secret (not in force yet) and the address
 * its QR code shows. The password first: a session alone (borrowed, stolen) must not be able to tie
 * the account to someone else's authenticator and lock its owner out.
 */
export async function startEnrolment(
  viewer: Viewer | null,
  body: unknown,
): Promise<{ secret: string; otpauthUrl: string }> {
  requireAccess(viewer, "signedIn");
  const { currentPassword } = parseOrThrow(totpStartInput, body);
  const user = await ownAccount(viewer);
  if (user.totpEnabledAt) throw new AppError(409, "Auth.mfaAlreadyOn");
  await proveOwnership(user.id, user.passwordHash, currentPassword);
  const secret = newTotpSecret();
  await (
    await getPrisma()
  ).user.update({ where: { id: user.id }, data: { totpSecret: sealSecret(secret), totpLastStep: null } });
  return { secret, otpauthUrl: totpUrl(secret, user.email) };
}

/**
 * PUT /api/users/profile/totp { code }: a right code turns it on; the recovery codes are shown once.
 * This session has proved the factor; every other one ends (one opened with the password alone
 * must not become an admin's), and the owner is mailed.
 */
export async function confirmEnrolment(viewer: Viewer | null, body: unknown): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseOrThrow(totpCodeInput, body, "Auth.mfaCodeWrong");
  requireAccess(viewer, "signedIn");
  const user = await ownAccount(viewer);
  if (user.totpEnabledAt) throw new AppError(409, "Auth.mfaAlreadyOn");
  if (!user.totpSecret) throw new AppError(400, "Auth.mfaNotStarted");
  const prisma = await getPrisma();
  await acceptCode(prisma, user, code);
  const recoveryCodes = await prisma.$transaction(async (tx) => {
    const now = new Date();
    await tx.user.update({ where: { id: user.id }, data: { totpEnabledAt: now } });
    await tx.session.updateMany({ where: { id: viewer.sessionId, userId: user.id }, data: { mfaAt: now } });
    await endAllSessions(user.id, tx, "mfaEnabled", viewer.sessionId);
    return replaceRecoveryCodes(tx, user.id);
  });
  await recordSecurityEvent("mfa.enabled", { userId: user.id });
  await notifyAccount(user.id, "mfaEnabled", user.email, user.locale, { name: user.name });
  return { recoveryCodes };
}

/** POST /api/users/profile/totp/recovery-codes { code }: ten new codes; the old ones stop working. */
export async function renewRecoveryCodes(viewer: Viewer | null, body: unknown): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseOrThrow(totpCodeInput, body, "Auth.mfaCodeWrong");
  const user = await ownAccount(viewer);
  if (!user.totpEnabledAt) throw new AppError(409, "Auth.mfaNotOn");
  const prisma = await getPrisma();
  await acceptCode(prisma, user, code);
  const recoveryCodes = await prisma.$transaction((tx) => replaceRecoveryCodes(tx, user.id));
  await notifyAccount(
    user.id,
    "mfaRecoveryCodesRenewed",
    user.email,
    user.locale,
    { name: user.name },
    localePath(user.locale, "/forgot-password"),
  );
  return { recoveryCodes };
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
  await notifyAccount(
    user.id,
    "mfaDisabled",
    user.email,
    user.locale,
    { name: user.name },
    localePath(user.locale, "/forgot-password"),
  );
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
 * delays as passwords) and against the challenge (five, then it ends: the password again); app
 * codes also against the account's cap. A right one ends the challenge and signs in, with a
 * session that has proved the factor.
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
  const endChallenge = () => prisma.mfaChallenge.deleteMany({ where: { id: challenge.id } });
  const tries = await countAttempt("mfaChallenge", challenge.id);
  if (!tries.allowed) {
    await endChallenge();
    throw expired();
  }
  const secondStep = input.recoveryCode ? "recoveryCode" : "app";
  try {
    if (input.recoveryCode) await spendRecoveryCode(prisma, user.id, input.recoveryCode);
    else if (input.code) await acceptCode(prisma, user, input.code, false);
    else throw new BadRequestError({ code: "Auth.mfaCodeWrong" }, "Auth.mfaCodeWrong");
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      await recordSignInFailure(user.emailNormalized, address);
      if (tries.consumed >= THROTTLES.mfaChallenge.points) await endChallenge();
    }
    throw error;
  }
  await recordSignInSuccess(user.emailNormalized, address);
  const session = await prisma.$transaction(async (tx) => {
    // One challenge, one session: a second request with it (a double submit, a copy) finds none.
    const { count } = await tx.mfaChallenge.deleteMany({ where: { id: challenge.id } });
    if (!count) throw expired();
    return createSession(user.id, userAgent, tx, { mfa: true });
  });
  await recordSecurityEvent("signIn.succeeded", { userId: user.id, details: { secondStep } });
  return { user: toPublicUser(user), session };
}

/**
 * A recovery code, outside the account's cap on app codes: someone who knows the password and runs
 * the cap out must not keep the owner out with it. Guessing one is hopeless anyway (ten letters and
 * digits from 31, about 49 bits, ten codes), and wrong ones still count per address and challenge.
 */
async function spendRecoveryCode(db: Db, userId: string, typed: string): Promise<void> {
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: recoveryHash(userId, typed), usedAt: null },
    data: { usedAt: new Date() },
  });
  if (!count) {
    await recordSecurityEvent("mfa.failed", { userId, details: { reason: "Auth.recoveryCodeWrong" } });
    throw new BadRequestError({ code: "Auth.recoveryCodeWrong" }, "Auth.recoveryCodeWrong");
  }
  await forget("mfaCode", userId);
  const left = await db.recoveryCode.count({ where: { userId, usedAt: null } });
  await recordSecurityEvent("mfa.recoveryCodeUsed", { userId, details: { left } });
}
