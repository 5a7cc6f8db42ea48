import { POST as loginRoute } from "@/app/api/users/login/route";
import { TEST_PASSWORD } from "./factories";
import { call, makeRequest, sessionFrom } from "./request";

/**
 * Signs a test user in through the login route and returns the session cookie. Sign-ins are
 * limited per client address, so each caller passes an address of its own.
 */
export async function signIn(email: string, ip: string): Promise<string> {
  return sessionFrom(await call(loginRoute, makeRequest("/api/users/login", { method: "POST", headers: { "x-forwarded-for": ip }, body: JSON.stringify({ email, password: TEST_PASSWORD }) })));
}
