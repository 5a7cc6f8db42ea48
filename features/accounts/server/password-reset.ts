import "server-only";

import type { Locale } from "next-intl";

import { emailRequestInput, passwordResetInput } from "@/features/accounts/schema";
import { getPrisma } from "@/lib/db/server";
import { AppError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { take, tryTake } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { steadyTiming } from "@/lib/security/steady-timing";

import { localePath, notifyAccount } from "./account-mail";
import { consumeToken, issueToken, peekToken } from "./email-tokens";
import { assertUncommonPassword, hashPassword } from "./passwords";
import { toPublicUser, type PublicUser } from "./public-user";
import { createSession, endAllSessions, type NewSession } from "./session";

/** Known or unknown address, the answer is the same and comes no sooner than this. */
const RESET_REQUEST_FLOOR_MS = 300;

/**
 * POST /api/users/password-reset: always the same 202. A known, unblocked account gets a link
 * (1 hour, single use, only its hash stored) in `locale`, the language of the page it was asked
 * from (whoever asked reads it next); reset mails per account and requests per address are limited.
 */
export async function requestPasswordReset(
  body: unknown,
  locale: Locale,
  address: string,
): Promise<{ message: string }> {
  const { email } = parseOrThrow(emailRequestInput, body);
  await take("passwordReset", address);
  return steadyTiming(RESET_REQUEST_FLOOR_MS, async () => {
    const prisma = await getPrisma();
    const user = await prisma.user.findUnique({
      where: { emailNormalized: email.toLowerCase() },
      select: { id: true, name: true, email: true, isBlocked: true },
    });
    if (user && !user.isBlocked && (await tryTake("passwordResetMail", user.id))) {
      const token = await prisma.$transaction((tx) => issueToken(tx, user.id, "password_reset"));
      await notifyAccount(
        user.id,
        "reset",
        user.email,
        locale,
        { name: user.name },
        localePath(locale, `/reset-password?token=${token}`),
      );
    }
    return { message: "Auth.resetSent" };
  });
}

/**
 * The address of a reset link's account, for /reset-password's form, which checks the password
 * rule about it as the person types (the holder of the link reads that mailbox); null for a link
 * that would be refused. The link is not used.
 */
export async function resetLinkEmail(token: unknown): Promise<string | null> {
  const prisma = await getPrisma();
  const found = await peekToken(prisma, token, "password_reset");
  if (!found) return null;
  const user = await prisma.user.findUnique({ where: { id: found.userId }, select: { email: true } });
  return user?.email ?? null;
}

/**
 * POST /api/users/password-reset/confirm: the new password replaces the old one, every session
 * ends, and this browser is signed in afresh. Opening the link proves the mailbox, so a sign-up
 * never confirmed is confirmed by it. A notice goes to the address.
 */
export async function confirmPasswordReset(
  body: unknown,
  userAgent: string | null,
): Promise<{ user: PublicUser; session: NewSession | null }> {
  const input = parseOrThrow(passwordResetInput, body);
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const prisma = await getPrisma();
  const result = await prisma.$transaction(async (tx) => {
    const { userId } = await consumeToken(tx, input.token, "password_reset", "Auth.resetInvalid");
    const before = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { isBlocked: true, emailVerifiedAt: true, totpEnabledAt: true, email: true },
    });
    if (before.isBlocked) throw new AppError(403, "Auth.blocked");
    // Only now is the account known; the refusal rolls back the token's use, so the link still works.
    assertUncommonPassword(input.password, "password", [before.email]);
    const user = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, emailVerifiedAt: before.emailVerifiedAt ?? new Date() },
    });
    // Every link mailed before dies with the reset: a pending sign-up's, and an e-mail change an intruder may have asked for.
    await tx.emailToken.deleteMany({ where: { userId } });
    await endAllSessions(userId, tx, "passwordReset");
    await recordSecurityEvent("password.reset", { userId }, tx);
    // The mailbox is not the second factor: with it on, the new password signs in with a code, as ever.
    return { user, session: before.totpEnabledAt ? null : await createSession(userId, userAgent, tx) };
  });
  const { user } = result;
  await notifyAccount(
    user.id,
    "passwordChanged",
    user.email,
    user.locale,
    { name: user.name },
    localePath(user.locale, "/forgot-password"),
  );
  return { user: toPublicUser(user), session: result.session };
}
