import "server-only";

import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";

import { authenticate } from "@/features/accounts/server/accounts";
import { secondFactorOn } from "@/features/accounts/server/mfa";
import {
  createSession,
  endSession,
  resolveSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
} from "@/features/accounts/server/session";
import { SESSION_COOKIE_SECURE } from "@/features/accounts/session-cookie";
import { clientAddress } from "@/lib/http/client-address";
import { log } from "@/lib/log";
import { appSecret } from "@/lib/security/app-secret";

/**
 * next-auth with the credentials provider, on our database sessions. next-auth 4 does not give
 * credentials sign-ins its own database sessions, so its "JWT" is replaced by the session's
 * opaque cookie value: encode() creates the session at sign-in (or hands back the existing one),
 * decode() resolves it as getViewer() does. /api/auth/session therefore answers, and re-sets a
 * cookie, only for a session getViewer() accepts; anything else gets the cookie cleared.
 */
type SessionToken = JWT & { sid?: string };

function presentedSession(cookieHeader: unknown): string | null {
  if (typeof cookieHeader !== "string") return null;
  const found = cookieHeader.split(/;\s*/).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  try {
    return found ? decodeURIComponent(found.slice(SESSION_COOKIE.length + 1)) : null;
  } catch {
    return null;
  }
}

export function authOptions(): NextAuthOptions {
  return {
    // Sessions are database rows, so this only keys next-auth's CSRF token on its own routes. Handed
    // over explicitly: by itself next-auth reads NEXTAUTH_SECRET, the old name of APP_SECRET.
    secret: appSecret(),
    session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_MS / 1000 },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: SESSION_COOKIE_SECURE },
      },
    },
    pages: { signIn: "/login" },
    jwt: {
      async encode({ token }) {
        const { sid, sub } = (token ?? {}) as SessionToken;
        if (sid) return sid;
        if (!sub) throw new Error("no user to start a session for");
        return (await createSession(sub, "next-auth")).token;
      },
      async decode({ token }) {
        const viewer = await resolveSession(token);
        if (!viewer || !token) return null;
        return { sub: viewer.id, name: viewer.name, email: viewer.email, sid: token } satisfies SessionToken;
      },
    },
    providers: [
      CredentialsProvider({
        name: "Maister",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, request) {
          let user;
          try {
            user = await authenticate(credentials ?? {}, clientAddress(request.headers ?? {}));
          } catch {
            return null;
          }
          // No second step here: an account with the second factor on signs in through the login
          // form (next-auth answers with error=MfaRequired instead of a session).
          if (await secondFactorOn(user._id)) throw new Error("MfaRequired");
          // As on the login route, the session the browser came with ends (encode() starts the new one).
          await endSession(presentedSession(request.headers?.cookie));
          return { id: user._id, name: user.name, email: user.email };
        },
      }),
    ],
    // A refused or expired session is routine here, not an error worth a stack trace.
    logger: {
      error(code, metadata) {
        if (code !== "JWT_SESSION_ERROR")
          log.error({ area: "next-auth", kind: code, detail: metadata }, "next-auth error");
      },
      warn(code) {
        log.warn({ area: "next-auth", kind: code }, "next-auth warning");
      },
      debug() {},
    },
    events: {
      async signOut({ token }) {
        await endSession((token as SessionToken | null)?.sid);
      },
    },
  };
}
