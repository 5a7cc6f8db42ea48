import "server-only";

import type { Locale } from "next-intl";

import type { accountStateAnswer } from "@/features/accounts/answers";
import { confirmEmailInput, loginInput, registerInput, resendConfirmationInput } from "@/features/accounts/schema";
import { getPrisma } from "@/lib/db/server";
import { AppError, BadRequestError, isUniqueViolation } from "@/lib/http/errors";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { parseOrThrow } from "@/lib/http/validate";
import { take, tryTake } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { steadyTiming } from "@/lib/security/steady-timing";
import type { z } from "@/lib/zod";

import { localePath, notifyAccount } from "./account-mail";
import { consumeToken, hashToken, issueToken } from "./email-tokens";
import { startChallenge } from "./mfa";
import { assertUncommonPassword, hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { toPublicUser, type PublicUser } from "./public-user";
import { createSession, type NewSession } from "./session";
import { admitSignIn, recordSignInFailure, recordSignInSuccess } from "./sign-in-throttle";

/**
 * Sign-up, re-sent links and e-mail changes answer no sooner than this, known address or not
 * (argon2 runs in the first two).
 */
export const ACCOUNT_MAIL_FLOOR_MS = 400;

/**
 * `path` with the page a sign-up started from as its `redirect`, when that is a page of this site
 * other than the start: confirming (or signing in) then lands there instead of /home.
 */
function withReturn(path: string, redirect: string | undefined): string {
  const back = safeRedirect(redirect);
  return back === "/" ? path : `${path}${path.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(back)}`;
}

/**
 * Registration never reveals whether an e-mail is taken: a new address gets a confirmation link,
 * a confirmed one gets a note to its owner, and the caller sees the same answer in the same time.
 * A pending (unconfirmed) sign-up for the address is replaced whole: the newest sign-up's name,
 * password and language, and only its link works. Mails to one address are limited, so the form
 * cannot be used to flood a stranger's inbox.
 */
export async function register(body: unknown, locale: Locale, address: string): Promise<{ message: string }> {
  const input = parseOrThrow(registerInput, body);
  assertUncommonPassword(input.password, "password", [input.email]);
  await take("register", address);
  return steadyTiming(ACCOUNT_MAIL_FLOOR_MS, async () => {
    const emailNormalized = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const prisma = await getPrisma();
    const mayMail = await tryTake("registerMail", emailNormalized);
    const existing = await prisma.user.findUnique({
      where: { emailNormalized },
      select: { id: true, email: true, name: true, locale: true, emailVerifiedAt: true },
    });
    if (existing?.emailVerifiedAt) {
      if (mayMail)
        await notifyAccount(
          existing.id,
          "existing",
          existing.email,
          existing.locale,
          { name: existing.name },
          localePath(existing.locale, withReturn("/login", input.redirect)),
        );
      return { message: "Auth.registered" };
    }
    const pending = { name: input.name, email: input.email, passwordHash, locale, createdAt: new Date() };
    const issued = await prisma
      .$transaction(async (tx) => {
        // Only a still-unconfirmed row is replaced: one confirmed a moment ago keeps its password.
        const replaced = await tx.user.updateMany({ where: { emailNormalized, emailVerifiedAt: null }, data: pending });
        const user = replaced.count
          ? await tx.user.findUniqueOrThrow({ where: { emailNormalized }, select: { id: true } })
          : existing
            ? null
            : await tx.user.create({ data: { ...pending, emailNormalized }, select: { id: true } });
        return user ? { userId: user.id, token: await issueToken(tx, user.id, "confirm_email") } : null;
      })
      .catch(ignoreUniqueViolation);
    const token = issued?.token;
    if (issued && mayMail)
      await notifyAccount(
        issued.userId,
        "confirm",
        input.email,
        locale,
        { name: input.name },
        localePath(locale, withReturn(`/confirm-email?token=${token}`, input.redirect)),
      );
    return { message: "Auth.registered" };
  });
}

/**
 * Same answer, in the same time, whether or not the account exists or is already confirmed. The
 * link is in `locale`, the language of the page that asked for it.
 */
export async function resendConfirmation(body: unknown, locale: Locale): Promise<{ message: string }> {
  const { email, redirect } = parseOrThrow(resendConfirmationInput, body);
  return steadyTiming(ACCOUNT_MAIL_FLOOR_MS, async () => {
    const prisma = await getPrisma();
    const user = await prisma.user.findUnique({ where: { emailNormalized: email.trim().toLowerCase() } });
    if (user && !user.emailVerifiedAt && !user.isBlocked && (await tryTake("resendConfirmation", user.id))) {
      const token = await prisma.$transaction((tx) => issueToken(tx, user.id, "confirm_email"));
      await notifyAccount(
        user.id,
        "confirm",
        user.email,
        locale,
        { name: user.name },
        localePath(locale, withReturn(`/confirm-email?token=${token}`, redirect)),
      );
    }
    return { message: "Auth.resent" };
  });
}

/**
 * The link alone does not confirm: the password chosen at sign-up is asked for too, so a
 * stranger who signed up with someone else's address cannot have that person confirm his
 * account for him. Wrong passwords count as failed sign-ins. Success signs in.
 */
export async function confirmEmail(
  token: unknown,
  body: unknown,
  address: string,
  userAgent: string | null,
): Promise<{ user: PublicUser; session: NewSession }> {
  const { password } = parseOrThrow(confirmEmailInput, body, "Auth.confirmInvalid");
  if (typeof token !== "string") throw new AppError(400, "Auth.confirmInvalid");
  const prisma = await getPrisma();
  const record = await prisma.emailToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: true },
  });
  const user =
    record?.purpose === "confirm_email" && !record.usedAt && record.expiresAt > new Date() ? record.user : null;
  if (!user) throw new AppError(400, "Auth.confirmInvalid");
  await admitSignIn(user.emailNormalized, address);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordSignInFailure(user.emailNormalized, address);
    await recordSecurityEvent("signIn.failed", {
      userId: user.id,
      status: 400,
      details: { reason: "wrongPassword", email: user.emailNormalized, via: "confirmEmail" },
    });
    throw new BadRequestError({ password: "Auth.confirmPasswordWrong" }, "Auth.confirmPasswordWrong");
  }
  const confirmed = await prisma.$transaction(async (tx) => {
    await consumeToken(tx, token, "confirm_email", "Auth.confirmInvalid");
    const updated = await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    if (updated.isBlocked) throw new AppError(403, "Auth.blocked");
    return { user: toPublicUser(updated), session: await createSession(updated.id, userAgent, tx) };
  });
  await recordSignInSuccess(user.emailNormalized, address);
  await recordSecurityEvent("signIn.succeeded", { userId: user.id, details: { via: "confirmEmail" } });
  return confirmed;
}

/**
 * Checks e-mail and password. Failures slow down per account and address (sign-in-throttle.ts);
 * an unknown address costs the same argon2 work as a known one.
 */
export async function authenticate(body: unknown, address: string): Promise<PublicUser> {
  const input = parseOrThrow(loginInput, body, "Auth.invalidCredentials");
  const emailNormalized = input.email.toLowerCase();
  await admitSignIn(emailNormalized, address);
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { emailNormalized } });
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDecoy(input.password);
  if (!user || !valid) {
    await recordSignInFailure(emailNormalized, address);
    throw await signInRefused(
      401,
      "Auth.invalidCredentials",
      user ? "wrongPassword" : "unknownAccount",
      user,
      emailNormalized,
    );
  }
  await recordSignInSuccess(emailNormalized, address);
  if (user.isBlocked) throw await signInRefused(403, "Auth.blocked", "blocked", user, emailNormalized);
  if (!user.emailVerifiedAt) throw await signInRefused(403, "Auth.unconfirmed", "unconfirmed", user, emailNormalized);
  // With a second factor on, the password alone signs nobody in: the sign-in is recorded at the
  // second step (mfa.ts), as signIn.succeeded or mfa.failed, and an admin reading the log never
  // sees "signed in" for someone who only had the password.
  if (!user.totpEnabledAt) await recordSecurityEvent("signIn.succeeded", { userId: user.id });
  return toPublicUser(user);
}

/**
 * A refused sign-in, recorded with why it was refused; the caller's answer says only what it
 * always said (an unknown account and a wrong password alike are "invalid credentials").
 */
async function signInRefused(
  status: 401 | 403,
  key: string,
  reason: "unknownAccount" | "wrongPassword" | "blocked" | "unconfirmed",
  user: { id: string } | null,
  email: string,
): Promise<AppError> {
  await recordSecurityEvent("signIn.failed", { userId: user?.id ?? null, status, details: { reason, email } });
  return new AppError(status, key);
}

/**
 * authenticate() followed by a new session: what POST /api/users/login does. With the second
 * factor on, the password only earns the challenge of the second step (mfa.ts).
 */
export async function signIn(
  body: unknown,
  address: string,
  userAgent: string | null,
): Promise<{ user: PublicUser; session: NewSession } | { challenge: string }> {
  const user = await authenticate(body, address);
  const challenge = await startChallenge(user._id);
  if (challenge) return { challenge };
  return { user, session: await createSession(user._id, userAgent) };
}

export function ignoreUniqueViolation(error: unknown): null {
  if (isUniqueViolation(error)) return null;
  throw error;
}

/** What the client keeps after sign-in (spec §7 login response). */
export async function accountState(userId: string): Promise<z.infer<typeof accountStateAnswer>> {
  const prisma = await getPrisma();
  const services = await prisma.service.findMany({
    where: { ownerId: userId },
    select: { id: true, name: true, role: true, isPaid: true, isBlocked: true, address: true },
    orderBy: { createdAt: "asc" },
  });
  const card = (service: (typeof services)[number]) => ({
    _id: service.id,
    name: service.name,
    role: service.role,
    ispaid: service.isPaid,
    isBlocked: service.isBlocked,
    address: service.address,
  });
  const mechanic = services.find((service) => service.role === "mechanic");
  const stations = services.filter((service) => service.role === "sto");
  const unpaid = stations.filter((service) => !service.isPaid).at(-1);
  return {
    mechanic: mechanic ? card(mechanic) : null,
    userStos: stations.filter((service) => service.isPaid).map(card),
    stoForOrder: unpaid ? card(unpaid) : null,
  };
}
