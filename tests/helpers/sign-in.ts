import { POST as loginRoute } from "@/app/api/users/login/route";
import { getViewer, type Viewer } from "@/features/accounts/server/session";
import { SESSION_COOKIE } from "@/features/accounts/session-cookie";

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

/** Signs a test user in through the login route and returns the session cookie. */
export async function signIn(email: string, ip = nextAddress()): Promise<string> {
  const response = await signInResponse(email, TEST_PASSWORD, ip);
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return sessionFrom(response);
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
