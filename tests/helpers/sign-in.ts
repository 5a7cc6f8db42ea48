import { POST as loginRoute } from "@/app/api/users/login/route";
import { POST as totpLoginRoute } from "@/app/api/users/login/totp/route";
import { getViewer, type Viewer } from "@/features/accounts/server/session";
import { MFA_CHALLENGE_COOKIE, SESSION_COOKIE } from "@/features/accounts/session-cookie";
import { totpCode } from "@/features/accounts/totp";
import { getPrisma } from "@/lib/db/client";
import { openSecret } from "@/lib/security/secret-box";

import { TEST_PASSWORD } from "./factories";
import { addresses, apiRequest, call, makeRequest } from "./request";

/** The value a response set for the session cookie, or null when it set none. */
export function setSessionValue(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  return header ? decodeURIComponent(header.split(";")[0]!.slice(SESSION_COOKIE.length + 1)) : null;
}

/** The session cookie a response set, as a Cookie header value for the next request. */
export function sessionFrom(response: Response): string {
  const value = setSessionValue(response);
  if (!value) throw new Error("no session cookie set");
  return `${SESSION_COOKIE}=${value}`;
}

/**
 * Sign-ins are limited per client address: unless a test names one, each sign-in comes from an
 * address of its own, in a range the tests' own address generators do not use.
 */
const nextAddress = addresses("10.250");

/** The login route's answer, for tests of the sign-in itself. */
export function signInResponse(email: string, password = TEST_PASSWORD, ip = nextAddress()): Promise<Response> {
  return call(loginRoute, apiRequest("POST", "/api/users/login", { body: { email, password }, ip }));
}

/**
 * Signs a test user in through the login route and returns the session cookie. An account with the
 * second factor on (admins, by default) answers mfaRequired: the code is then computed from its
 * stored secret and sent to the second step, as the person's authenticator app would.
 */
export async function signIn(email: string, ip = nextAddress()): Promise<string> {
  const response = await signInResponse(email, TEST_PASSWORD, ip);
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  if (setSessionValue(response)) return sessionFrom(response);
  const second = await call(
    totpLoginRoute,
    apiRequest("POST", "/api/users/login/totp", {
      body: { code: await codeFor(email) },
      cookie: challengeCookie(response),
      ip,
    }),
  );
  if (second.status !== 200)
    throw new Error(`second step of ${email} answered ${second.status}: ${await second.text()}`);
  return sessionFrom(second);
}

/** The MFA challenge cookie a login answer set, as a Cookie header value. */
export function challengeCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${MFA_CHALLENGE_COOKIE}=`));
  if (!header) throw new Error("no challenge cookie set");
  return header.split(";")[0]!;
}

/**
 * The account's current code. A code is accepted once per 30-second step, and tests sign the same
 * admin in several times within one: the step last used is forgotten first, as if the test had
 * waited for the next code (the refusal of a reused code has its own test, mfa.test.ts).
 */
export async function codeFor(email: string): Promise<string> {
  const prisma = await getPrisma();
  const user = await prisma.user.update({
    where: { emailNormalized: email.toLowerCase() },
    data: { totpLastStep: null },
  });
  const secret = user.totpSecret ? openSecret(user.totpSecret) : null;
  if (!secret) throw new Error(`${email} has no second factor`);
  return totpCode(secret);
}

/** Who the data layer sees behind a Cookie header value: null for no valid session. */
export async function viewerOf(cookie: string): Promise<Viewer | null> {
  let viewer: Viewer | null = null;
  await call(
    async () => {
      viewer = await getViewer();
      return new Response(null);
    },
    makeRequest("/", { headers: { cookie } }),
  );
  return viewer;
}
