import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate } from "@/lib/server/accounts";
import { SESSION_COOKIE, SESSION_MAX_AGE_S, sessionCookie, sessionSecret } from "@/lib/server/session";

/**
 * next-auth, credentials provider, JWT sessions. Its cookie is the one POST /api/users/login
 * sets, and getViewer() reads: both paths give the same session.
 */
export function authOptions(): NextAuthOptions {
  const cookie = sessionCookie("x");
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    cookies: { sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure: cookie.secure } } },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Maister",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, request) {
          const forwarded = (request.headers?.["x-forwarded-for"] as string | undefined)?.split(",")[0]?.trim();
          try {
            const user = await authenticate(credentials ?? {}, forwarded || "local");
            return { id: user._id, name: user.name, email: user.email, v: user.tokenVersion };
          } catch {
            return null;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.v = (user as { v?: number }).v ?? 0;
        return token;
      },
    },
  };
}
