import "server-only";

import { createHash, randomBytes } from "node:crypto";
import { cookies, headers } from "next/headers";
import type { NextRequest, NextResponse } from "next/server";
import { cache } from "react";

import { imageUrl } from "@/domain/service/images";
import type { SessionView } from "@/features/accounts/answers";
import { SESSION_COOKIE, SESSION_COOKIE_SECURE } from "@/features/accounts/session-cookie";
import type { PageSession } from "@/features/accounts/session-view";
import { isSharedRendering } from "@/lib/cache/page-cache";
import { getPrisma, type PrismaClient } from "@/lib/db/server";
import { noteRequestUser } from "@/lib/http/request-context";
import { forgetIn } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";

/**
 * Sessions live in the database (table `sessions`), keyed by the SHA-256 of a random 256-bit
 * value that only the browser's cookie holds. Ending a session is deleting its row, so logout,
 * blocking, deleting the account, a password or e-mail change and "sign out everywhere" take
 * effect on the very next request, on every app instance.
 */
export type Viewer = {
  id: string;
  name: string;
  email: string;
  /**
   * Admin powers in force: the admin role, the second factor on, AND this session proved it (signed
   * in with a code, or turned it on). An admin who has not enrolled has none of them, anywhere
   * (guards.ts, and every "owner or admin" check); nor has a session opened with the password alone.
   */
  isAdmin: boolean;
  /**
   * An admin by role whose session has no admin powers: they must turn on the second factor first,
   * or, with it on, sign in again with a code (guards.ts sends them to /profile and says which).
   */
  adminAwaitingMfa: boolean;
  /** The second factor (TOTP) is on for this account. */
  mfaEnabled: boolean;
  /** This session proved the second factor (Session.mfaAt). */
  sessionMfa: boolean;
  /** The session's row, for what acts on "this session" (turning the second factor on keeps it). */
  sessionId: string;
  imageUrl: string | null;
  hasMechanicProfile: boolean;
  ownsStations: boolean;
};

export { SESSION_COOKIE };
/** The absolute lifetime: a session ends 30 days after sign-in whatever happens. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
/** The idle timeout: a session unused for 7 days ends. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
/** lastSeenAt is written at most this often, so reading pages does not write on every request. */
export const SESSION_TOUCH_MS = 60 * 60_000;

type Tx = Pick<PrismaClient, "session">;

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type NewSession = { token: string; expiresAt: Date };

/**
 * `mfa`: the session starts with the second factor proved (the sign-in's second step, or the new
 * session of a password change made in a session that had proved it).
 */
export async function createSession(
  userId: string,
  userAgent: string | null,
  tx?: Tx,
  { mfa = false }: { mfa?: boolean } = {},
): Promise<NewSession> {
  const db = tx ?? (await getPrisma());
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.session.create({
    data: {
      tokenHash: hashSessionToken(token),
      userId,
      expiresAt,
      userAgent: (userAgent ?? "").slice(0, 200),
      mfaAt: mfa ? now : null,
    },
  });
  return { token, expiresAt };
}

/**
 * Every sign-in ends the session the browser came with (a cookie planted before the sign-in, or
 * another account's), then sets the new one's cookie: what login, its second step, the e-mail
 * confirmation and the password reset answer with.
 */
export async function startSession(request: NextRequest, response: NextResponse, session: NewSession): Promise<void> {
  const presented = request.cookies.get(SESSION_COOKIE)?.value;
  if (presented && presented !== session.token) await endSession(presented);
  response.cookies.set(sessionCookie(session));
}

export async function endSession(token: string | undefined | null): Promise<void> {
  if (!token) return;
  const prisma = await getPrisma();
  await prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(token) } });
}

/**
 * Why every session of an account was ended, as the security log's session.revoked names it. A
 * plain logout is no revocation (the person ends their own session, as expected every day), and
 * neither is removing the account, whose audit entry already says it (admin.action).
 */
export type RevocationReason =
  | "signOutEverywhere"
  | "passwordChanged"
  | "passwordReset"
  | "emailChanged"
  | "blocked"
  | "emailChangedByAdmin"
  | "mfaEnabled";

/**
 * Every session of the user, on every device (but `keep`, when given); inside the caller's
 * transaction when given. A pending second sign-in step goes too, with the count of wrong codes:
 * whoever got that far with the old password, or from a device just signed out, starts again. With
 * a reason, the revocation is recorded in the security log (session.revoked, with the count) when
 * it ended any session.
 */
export async function endAllSessions(
  userId: string,
  tx?: Tx & Pick<PrismaClient, "securityEvent" | "mfaChallenge" | "throttle">,
  reason?: RevocationReason,
  keep?: string,
): Promise<number> {
  const db = tx ?? (await getPrisma());
  const { count } = await db.session.deleteMany({ where: { userId, ...(keep ? { id: { not: keep } } : {}) } });
  await db.mfaChallenge.deleteMany({ where: { userId } });
  await forgetIn(db, "mfaCode", userId);
  if (reason && count > 0) await recordSecurityEvent("session.revoked", { userId, details: { reason, count } }, tx);
  return count;
}

/** The cookie for a new session; it expires with the session's absolute lifetime. */
export function sessionCookie(session: NewSession) {
  return {
    name: SESSION_COOKIE,
    value: session.token,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: SESSION_COOKIE_SECURE,
    path: "/",
    expires: session.expiresAt,
  };
}

export function clearedSessionCookie() {
  return {
    name: SESSION_COOKIE,
    value: "",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: SESSION_COOKIE_SECURE,
    path: "/",
    maxAge: 0,
  };
}

// A station counts from its order on: /mystos lists the unpaid draft too, to pay for or delete.
const sessionUser = {
  include: {
    mechanic: { select: { id: true } },
    _count: { select: { services: { where: { role: "sto" as const } } } },
  },
};

/**
 * The live session behind a cookie value, or null when it is unknown, expired (absolute or idle),
 * or its user may not act (blocked, unconfirmed). Used by getViewer() and by next-auth's routes.
 */
export async function resolveSession(token: string | undefined | null, now = new Date()): Promise<Viewer | null> {
  if (!token || token.length > 100) return null;
  const prisma = await getPrisma();
  const session = await prisma.session.findUnique({
    where: { tokenHash: hashSessionToken(token) },
    include: { user: sessionUser },
  });
  if (!session) return null;
  if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  const { user } = session;
  if (user.isBlocked || !user.emailVerifiedAt) return null;
  const mfaEnabled = Boolean(user.totpEnabledAt);
  const sessionMfa = mfaEnabled && session.mfaAt !== null;
  noteRequestUser(user.id);
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    await prisma.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin && sessionMfa,
    adminAwaitingMfa: user.isAdmin && !sessionMfa,
    mfaEnabled,
    sessionMfa,
    sessionId: session.id,
    imageUrl: imageUrl(user.imageId),
    hasMechanicProfile: Boolean(user.mechanic),
    ownsStations: user._count.services > 0,
  };
}

/** The signed-in person of this request, checked against the database once per request. */
export const getViewer = cache(async (): Promise<Viewer | null> =>
  resolveSession((await cookies()).get(SESSION_COOKIE)?.value),
);

/** The viewer as the page's client side may know them (the header, the feedback form). */
export function sessionView(viewer: Viewer | null): SessionView | null {
  if (!viewer) return null;
  const { email, imageUrl, isAdmin, hasMechanicProfile, ownsStations } = viewer;
  return { email, imageUrl, isAdmin, hasMechanicProfile, ownsStations };
}

/**
 * What a page shows of its visitor, read with `read`: "unknown" in a rendering for the page cache
 * (served to visitors with and without a session, whose browser then asks), the visitor's own
 * otherwise.
 */
export async function forThisVisitor<T>(read: (viewer: Viewer | null) => Promise<T> | T): Promise<T | "unknown"> {
  if (isSharedRendering(await headers())) return "unknown";
  return read(await getViewer());
}

/** The session as a page renders it (the header, the feedback form). */
export function getPageSession(): Promise<PageSession> {
  return forThisVisitor(sessionView);
}
