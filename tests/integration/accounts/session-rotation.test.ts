import { describe, expect, it } from "vitest";

import { POST as confirmEmailRoute } from "@/app/api/users/confirm-email/route";
import { POST as loginRoute } from "@/app/api/users/login/route";
import { POST as totpLoginRoute } from "@/app/api/users/login/totp/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { issueToken } from "@/features/accounts/server/email-tokens";
import { MFA_CHALLENGE_COOKIE } from "@/features/accounts/session-cookie";
import { totpCode } from "@/features/accounts/totp";
import { getPrisma } from "@/lib/db/client";

import { makeUser, TEST_PASSWORD, TEST_TOTP_SECRET } from "../../helpers/factories";
import { addresses, apiRequest, call } from "../../helpers/request";
import { sessionFrom, signIn, viewerOf } from "../../helpers/sign-in";

/**
 * Every sign-in ends the session the browser came with, so a session cookie planted before the
 * sign-in (session fixation) or left over from another account is worth nothing afterwards.
 */
const nextIp = addresses("10.44");

async function tokenFor(userId: string, purpose: "confirm_email" | "password_reset") {
  return (await getPrisma()).$transaction((tx) => issueToken(tx, userId, purpose));
}

describe("a new session ends the one the browser presented", () => {
  it("POST /api/users/login", async () => {
    const user = await makeUser();
    const old = await signIn(user.email);
    const response = await call(
      loginRoute,
      apiRequest("POST", "/api/users/login", {
        body: { email: user.email, password: TEST_PASSWORD },
        cookie: old,
        ip: nextIp(),
      }),
    );
    const fresh = sessionFrom(response);
    expect(fresh).not.toBe(old);
    expect(await viewerOf(old)).toBeNull();
    expect((await viewerOf(fresh))?.id).toBe(user.id);
  });

  it("POST /api/users/login/totp", async () => {
    const user = await makeUser({ mfa: true });
    const planted = await signIn((await makeUser()).email);
    const ip = nextIp();
    const first = await call(
      loginRoute,
      apiRequest("POST", "/api/users/login", {
        body: { email: user.email, password: TEST_PASSWORD },
        cookie: planted,
        ip,
      }),
    );
    expect(await first.json()).toEqual({ mfaRequired: true });
    // The password step alone changes nothing of the browser's session.
    expect(await viewerOf(planted)).not.toBeNull();
    const challenge = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${MFA_CHALLENGE_COOKIE}=`))!
      .split(";")[0]!;
    const second = await call(
      totpLoginRoute,
      apiRequest("POST", "/api/users/login/totp", {
        body: { code: totpCode(TEST_TOTP_SECRET) },
        cookie: `${planted}; ${challenge}`,
        ip,
      }),
    );
    expect(second.status).toBe(200);
    expect(await viewerOf(planted)).toBeNull();
    expect((await viewerOf(sessionFrom(second)))?.id).toBe(user.id);
  });

  it("POST /api/users/confirm-email", async () => {
    const user = await makeUser({ confirmed: false });
    const planted = await signIn((await makeUser()).email);
    const token = await tokenFor(user.id, "confirm_email");
    const response = await call(
      confirmEmailRoute,
      apiRequest("POST", `/api/users/confirm-email?token=${token}`, {
        body: { password: TEST_PASSWORD },
        cookie: planted,
        ip: nextIp(),
      }),
    );
    expect(response.status).toBe(200);
    expect(await viewerOf(planted)).toBeNull();
    expect((await viewerOf(sessionFrom(response)))?.id).toBe(user.id);
  });

  it("POST /api/users/password-reset/confirm", async () => {
    const user = await makeUser();
    const planted = await signIn((await makeUser()).email);
    const token = await tokenFor(user.id, "password_reset");
    const response = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", {
        body: { token, password: "Kovbasa42!" },
        cookie: planted,
      }),
    );
    expect(response.status).toBe(200);
    expect(await viewerOf(planted)).toBeNull();
    expect((await viewerOf(sessionFrom(response)))?.id).toBe(user.id);
  });

  it("a password reset of an account with the second factor signs nobody in: the code is still asked at sign-in", async () => {
    const user = await makeUser({ mfa: true });
    const token = await tokenFor(user.id, "password_reset");
    const response = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", { body: { token, password: "Kovbasa42!" } }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ mfaRequired: true });
    expect(response.headers.getSetCookie().filter((cookie) => /session=[^;]/.test(cookie))).toEqual([]);
    expect(await (await getPrisma()).session.count({ where: { userId: user.id } })).toBe(0);
  });
});
