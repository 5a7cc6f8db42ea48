import { COOKIES_SECURE } from "@/lib/http/secure-cookies";
import { publicEnv } from "@/lib/public-env";

/**
 * The session cookie, shared by the data layer and the proxy (which cannot import server-only
 * code), and read by the browser's own script. In production it is `__Host-` and Secure whatever
 * APP_URL says: the browser then refuses it over plain http and from any subdomain. Browsers treat
 * http://localhost as secure, so a production build still works there.
 */
const production = publicEnv.production;
export const SESSION_COOKIE = production ? "__Host-maister.session" : "maister.session";
export const SESSION_COOKIE_SECURE = COOKIES_SECURE;

/**
 * Not a credential: "this browser holds a session cookie", readable by the page's own script. A
 * page from the page cache was rendered for nobody; with the hint the header keeps its session part
 * hidden until the browser has asked who is signed in, instead of showing "Sign in" to a signed-in
 * visitor. The proxy keeps it in step with the session cookie on every page.
 */
export const SIGNED_IN_HINT_COOKIE = production ? "__Host-maister.signed-in" : "maister.signed-in";

/**
 * The hint as a Set-Cookie, present or cleared. It lasts as long as the browser session: the
 * proxy sets it again on the next page of a browser that still holds the session cookie.
 */
export function signedInHintCookie(present: boolean) {
  return {
    name: SIGNED_IN_HINT_COOKIE,
    value: present ? "1" : "",
    sameSite: "lax" as const,
    secure: SESSION_COOKIE_SECURE,
    path: "/",
    ...(present ? {} : { maxAge: 0 }),
  };
}

/**
 * The half-way state of a two-step sign-in: the password was right, the code from the
 * authenticator app is still to come (features/accounts/server/mfa.ts). Its value names an
 * MfaChallenge row, which lasts five minutes; httpOnly and same-site only, like the session.
 */
export const MFA_CHALLENGE_COOKIE = production ? "__Host-maister.mfa-challenge" : "maister.mfa-challenge";
export const MFA_CHALLENGE_SECONDS = 5 * 60;

/** The challenge as a Set-Cookie; null clears it. */
export function mfaChallengeCookie(token: string | null) {
  return {
    name: MFA_CHALLENGE_COOKIE,
    value: token ?? "",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: SESSION_COOKIE_SECURE,
    path: "/",
    maxAge: token ? MFA_CHALLENGE_SECONDS : 0,
  };
}

export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
