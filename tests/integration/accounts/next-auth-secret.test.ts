import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";

import { setEnv } from "../../helpers/env";
import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { captureLogs } from "../../helpers/logs";
import { addresses, call, makeRequest } from "../../helpers/request";
import { profileStatus, serveNextHeadersToNextAuth } from "../../helpers/security";
import { sessionFrom } from "../../helpers/sign-in";

/**
 * The shared secret is APP_SECRET; next-auth would read only NEXTAUTH_SECRET (or AUTH_SECRET) by
 * itself, so the options hand it over. Its CSRF cookie is `token|sha256(token + secret)`: the
 * hash tells which secret keyed it.
 */
const APP_SECRET = "app-secret-of-this-test-only-0123456789abcdef";
const OLD_SECRET = "nextauth-secret-of-this-test-only-0123456789";
const nextIp = addresses("10.32");
const saved = {
  APP_SECRET: process.env.APP_SECRET,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
  AUTH_SECRET: process.env.AUTH_SECRET,
  APP_URL: process.env.APP_URL,
};

let restoreNextHeaders = () => {};
// The old name's warnings (lib/env.ts) are expected here: kept out of the test's output.
let quiet: ReturnType<typeof captureLogs>;
beforeAll(() => {
  restoreNextHeaders = serveNextHeadersToNextAuth();
  quiet = captureLogs("silent");
});
afterAll(() => {
  restoreNextHeaders();
  quiet.restore();
});
afterEach(() => {
  vi.unstubAllEnvs();
  setEnv(saved);
});

const nextAuth = (handler: typeof nextAuthGet, action: string, init: Parameters<typeof makeRequest>[1] = {}) =>
  call(handler, makeRequest(`/api/auth/${action}`, init), { params: Promise.resolve({ nextauth: action.split("/") }) });

/** next-auth's CSRF token, its cookie, and the secret-keyed hash the cookie carries. */
async function csrf() {
  const response = await nextAuth(nextAuthGet, "csrf");
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .find((set) => set.startsWith("next-auth.csrf-token="))!
    .split(";")[0]!;
  const [token, hash] = decodeURIComponent(cookie.slice("next-auth.csrf-token=".length)).split("|");
  expect(token).toBe(csrfToken);
  return { csrfToken, cookie, hash };
}

const keyedWith = (token: string, secret: string) => createHash("sha256").update(`${token}${secret}`).digest("hex");

describe("next-auth takes the app's secret", () => {
  it("in production with only APP_SECRET set, its CSRF token is keyed with it and signing in through its credentials route opens a session", async () => {
    vi.stubEnv("NODE_ENV", "production");
    setEnv({ APP_SECRET, NEXTAUTH_SECRET: undefined, AUTH_SECRET: undefined, APP_URL: "https://maister.example" });
    const user = await makeUser();
    const { csrfToken, cookie, hash } = await csrf();
    expect(hash).toBe(keyedWith(csrfToken, APP_SECRET));

    const body = new URLSearchParams({
      csrfToken,
      email: user.email,
      password: TEST_PASSWORD,
      json: "true",
    }).toString();
    const headers = { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextIp() };
    const signedIn = await nextAuth(nextAuthPost, "callback/credentials", { method: "POST", headers, body });
    expect(await profileStatus(sessionFrom(signedIn))).toBe(200);
  });

  it("with both names set, APP_SECRET wins", async () => {
    setEnv({ APP_SECRET, NEXTAUTH_SECRET: OLD_SECRET });
    const { csrfToken, hash } = await csrf();
    expect(hash).toBe(keyedWith(csrfToken, APP_SECRET));
  });

  it("the old name alone still works", async () => {
    setEnv({ APP_SECRET: undefined, NEXTAUTH_SECRET: OLD_SECRET });
    const { csrfToken, hash } = await csrf();
    expect(hash).toBe(keyedWith(csrfToken, OLD_SECRET));
  });
});
