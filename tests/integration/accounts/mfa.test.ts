import { describe, expect, it } from "vitest";

import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as totpLoginRoute } from "@/app/api/users/login/totp/route";
import { POST as regenerateRoute } from "@/app/api/users/profile/totp/recovery-codes/route";
import { PUT as confirmRoute, DELETE as disableRoute, POST as enrolRoute } from "@/app/api/users/profile/totp/route";
import { GET as listUsersRoute } from "@/app/api/users/route";
import { MFA_CHALLENGE_COOKIE } from "@/features/accounts/session-cookie";
import { totpCode } from "@/features/accounts/totp";
import { getPrisma } from "@/lib/db/client";
import { openSecret } from "@/lib/security/secret-box";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call, makeRequest } from "../../helpers/request";
import { serveNextHeadersToNextAuth } from "../../helpers/security";
import { sessionFrom, setSessionValue, signIn, signInResponse, viewerOf } from "../../helpers/sign-in";

/**
 * The second factor: enrolment from /profile, the two-step sign-in, recovery codes, turning it
 * off, the throttles, and the rule that an admin has no admin powers before enrolling.
 */
const nextIp = addresses("10.43");
const STEP_MS = 30_000;

const send = (handler: typeof enrolRoute, method: string, path: string, cookie: string, body?: unknown, ip?: string) =>
  call(handler, apiRequest(method, path, { body, cookie, ip }));

/** The challenge cookie a response set, as a Cookie header value ("" when it set none or cleared it). */
function challengeFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${MFA_CHALLENGE_COOKIE}=`));
  const value = header ? header.split(";")[0]!.slice(MFA_CHALLENGE_COOKIE.length + 1) : "";
  return value ? `${MFA_CHALLENGE_COOKIE}=${value}` : "";
}

const secondStep = (challenge: string, body: unknown, ip = nextIp()) =>
  call(totpLoginRoute, apiRequest("POST", "/api/users/login/totp", { body, cookie: challenge, ip }));

/** A code for a step after the last one used (a code for a used step is refused, as it should be). */
async function freshCode(userId: string): Promise<string> {
  const row = await (await getPrisma()).user.findUniqueOrThrow({ where: { id: userId } });
  const secret = openSecret(row.totpSecret!)!;
  const now = Date.now();
  const last = row.totpLastStep ?? -1;
  const step = Math.floor(now / STEP_MS);
  // One step ahead is still accepted (a phone's clock a little fast), so two codes fit in a window.
  const at = last < step ? now : last === step ? now + STEP_MS : null;
  if (at === null) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (now % STEP_MS) + 50));
    return freshCode(userId);
  }
  return totpCode(secret, at);
}

/** A user with the second factor on, enrolled through the API; returns the session and recovery codes. */
async function enrolled(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser({ ...overrides, mfa: false });
  const cookie = await signIn(user.email);
  const start = await send(enrolRoute, "POST", "/api/users/profile/totp", cookie, { currentPassword: TEST_PASSWORD });
  expect(start.status).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  const done = await send(confirmRoute, "PUT", "/api/users/profile/totp", cookie, { code: totpCode(secret) });
  expect(done.status).toBe(200);
  const { recoveryCodes } = (await done.json()) as { recoveryCodes: string[] };
  return { user, cookie, secret, recoveryCodes };
}

async function eventsOf(userId: string, kind: string) {
  return (await getPrisma()).securityEvent.findMany({ where: { userId, kind }, orderBy: { id: "asc" } });
}

describe("enrolment", () => {
  it("hands out a secret and its otpauth address, stores it sealed, and turns on only with a right code", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const start = await send(enrolRoute, "POST", "/api/users/profile/totp", cookie, { currentPassword: TEST_PASSWORD });
    expect(start.status).toBe(200);
    const { secret, otpauthUrl } = await start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain("issuer=Maister");
    expect(decodeURIComponent(otpauthUrl)).toContain(`Maister:${user.email}`);

    const prisma = await getPrisma();
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.totpSecret).not.toContain(secret);
    expect(openSecret(stored.totpSecret!)).toBe(secret);
    expect(stored.totpEnabledAt).toBeNull();
    // Not on yet: the password alone still signs in.
    expect(setSessionValue(await signInResponse(user.email))).not.toBeNull();

    const wrong = await send(confirmRoute, "PUT", "/api/users/profile/totp?lng=ua", cookie, { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ key: "Auth.mfaCodeWrong", message: expect.stringMatching(/код/i) });
    for (const bad of [{}, { code: 123456 }, { code: "x".repeat(5000) }, null])
      expect((await send(confirmRoute, "PUT", "/api/users/profile/totp", cookie, bad)).status).toBe(400);

    const right = await send(confirmRoute, "PUT", "/api/users/profile/totp", cookie, { code: totpCode(secret) });
    expect(right.status).toBe(200);
    const { recoveryCodes } = await right.json();
    expect(recoveryCodes).toHaveLength(10);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.totpEnabledAt).not.toBeNull();
    const rows = await prisma.recoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(recoveryCodes.join(" ")).not.toContain(row.codeHash);
    expect(await eventsOf(user.id, "mfa.enabled")).toHaveLength(1);
    // The session that enrolled goes on; a second enrolment is refused while it is on.
    expect((await viewerOf(cookie))?.mfaEnabled).toBe(true);
    expect(
      (await send(enrolRoute, "POST", "/api/users/profile/totp", cookie, { currentPassword: TEST_PASSWORD })).status,
    ).toBe(409);
  });

  it("is for signed-in people only", async () => {
    const anonymous = await call(
      enrolRoute,
      apiRequest("POST", "/api/users/profile/totp", { body: { currentPassword: TEST_PASSWORD } }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("signing in with the second factor", () => {
  it("answers the password with mfaRequired and no session; the code then gives the session", async () => {
    const { user, secret } = await enrolled();
    // The sign-in before enrolling is the only one so far.
    expect(await eventsOf(user.id, "signIn.succeeded")).toHaveLength(1);
    const first = await signInResponse(user.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ mfaRequired: true });
    expect(setSessionValue(first)).toBeNull();
    // The password alone is no sign-in, and the security log does not say it was.
    expect(await eventsOf(user.id, "signIn.succeeded")).toHaveLength(1);
    const challenge = challengeFrom(first);
    expect(challenge).not.toBe("");
    const header = first.headers.getSetCookie().find((cookie) => cookie.startsWith(`${MFA_CHALLENGE_COOKIE}=`))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Max-Age=300/i);

    expect((await secondStep("", { code: await freshCode(user.id) })).status).toBe(401);
    const wrong = await secondStep(challenge, { code: "123456" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).key).toBe("Auth.mfaCodeWrong");
    expect(await eventsOf(user.id, "mfa.failed")).toHaveLength(1);

    const code = await freshCode(user.id);
    const right = await secondStep(challenge, { code });
    expect(right.status).toBe(200);
    const body = await right.json();
    expect(body).toMatchObject({ user: { _id: user.id, email: user.email }, userStos: [] });
    expect(challengeFrom(right)).toBe("");
    const cookie = sessionFrom(right);
    expect((await viewerOf(cookie))?.id).toBe(user.id);
    expect((await eventsOf(user.id, "signIn.succeeded")).map((row) => row.details)).toEqual([
      {},
      { secondStep: "app" },
    ]);

    // The challenge is spent, and the code cannot be used again in its window (to whoever is at
    // the second step, a used code is just a wrong one: no hint that it was right a moment ago).
    expect((await secondStep(challenge, { code: "123123" })).status).toBe(401);
    const again = challengeFrom(await signInResponse(user.email));
    const replay = await secondStep(again, { code });
    expect(replay.status).toBe(400);
    expect((await replay.json()).key).toBe("Auth.mfaCodeWrong");
    expect(totpCode(secret)).toMatch(/^\d{6}$/);
  });

  it("takes a recovery code once", async () => {
    const { user, recoveryCodes } = await enrolled();
    const [code] = recoveryCodes as [string];
    const used = await secondStep(challengeFrom(await signInResponse(user.email)), {
      recoveryCode: ` ${code.toUpperCase()} `,
    });
    expect(used.status).toBe(200);
    expect(setSessionValue(used)).not.toBeNull();
    expect(await eventsOf(user.id, "mfa.recoveryCodeUsed")).toHaveLength(1);
    const twice = await secondStep(challengeFrom(await signInResponse(user.email)), { recoveryCode: code });
    expect(twice.status).toBe(400);
    expect((await twice.json()).key).toBe("Auth.recoveryCodeWrong");
    const other = await secondStep(challengeFrom(await signInResponse(user.email)), {
      recoveryCode: recoveryCodes[1],
    });
    expect(other.status).toBe(200);
  });

  it("a challenge expires after five minutes", async () => {
    const { user } = await enrolled();
    const challenge = challengeFrom(await signInResponse(user.email));
    await (
      await getPrisma()
    ).mfaChallenge.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await secondStep(challenge, { code: await freshCode(user.id) });
    expect(late.status).toBe(401);
    expect((await late.json()).key).toBe("Auth.mfaChallengeExpired");
  });

  it("slows down wrong codes like wrong passwords, and caps them per account whatever the address", async () => {
    const { user } = await enrolled();
    const ip = nextIp();
    const challenge = challengeFrom(await signInResponse(user.email, TEST_PASSWORD, ip));
    for (let attempt = 1; attempt <= 3; attempt++)
      expect((await secondStep(challenge, { code: "111111" }, ip)).status, `attempt ${attempt}`).toBe(400);
    const slowed = await secondStep(challenge, { code: await freshCode(user.id) }, ip);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get("retry-after")).toMatch(/^\d+$/);

    // From other addresses, with fresh challenges: the account's cap still holds.
    for (let attempt = 4; attempt <= 5; attempt++) {
      const elsewhere = nextIp();
      const fresh = challengeFrom(await signInResponse(user.email, TEST_PASSWORD, elsewhere));
      expect((await secondStep(fresh, { code: "222222" }, elsewhere)).status, `attempt ${attempt}`).toBe(400);
    }
    const elsewhere = nextIp();
    const capped = await secondStep(
      challengeFrom(await signInResponse(user.email, TEST_PASSWORD, elsewhere)),
      { code: await freshCode(user.id) },
      elsewhere,
    );
    expect(capped.status).toBe(429);
    expect((await capped.json()).key).toBe("Auth.tooManyAttempts");
  });

  it("next-auth's credentials route is no way around it", async () => {
    const restore = serveNextHeadersToNextAuth();
    try {
      const { user } = await enrolled();
      const nextAuth = (handler: typeof nextAuthGet, action: string, init: Parameters<typeof makeRequest>[1] = {}) =>
        call(handler, makeRequest(`/api/auth/${action}`, init), {
          params: Promise.resolve({ nextauth: action.split("/") }),
        });
      const csrf = await nextAuth(nextAuthGet, "csrf");
      const { csrfToken } = await csrf.json();
      const csrfCookie = csrf.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("next-auth.csrf-token="))!
        .split(";")[0]!;
      const answer = await nextAuth(nextAuthPost, "callback/credentials", {
        method: "POST",
        headers: {
          cookie: csrfCookie,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": nextIp(),
        },
        body: new URLSearchParams({ csrfToken, email: user.email, password: TEST_PASSWORD, json: "true" }).toString(),
      });
      expect(setSessionValue(answer)).toBeNull();
      expect(JSON.stringify(await answer.json())).toContain("MfaRequired");
      expect(await (await getPrisma()).session.count({ where: { userId: user.id, userAgent: "next-auth" } })).toBe(0);
    } finally {
      restore();
    }
  });
});

describe("recovery codes and turning it off", () => {
  it("new recovery codes need a code, and replace the old ones", async () => {
    const { user, cookie, recoveryCodes } = await enrolled();
    const path = "/api/users/profile/totp/recovery-codes";
    expect((await send(regenerateRoute, "POST", path, cookie, { code: "000000" })).status).toBe(400);
    const fresh = await send(regenerateRoute, "POST", path, cookie, { code: await freshCode(user.id) });
    expect(fresh.status).toBe(200);
    const { recoveryCodes: renewed } = await fresh.json();
    expect(renewed).toHaveLength(10);
    const old = await secondStep(challengeFrom(await signInResponse(user.email)), { recoveryCode: recoveryCodes[0] });
    expect(old.status).toBe(400);
    const neu = await secondStep(challengeFrom(await signInResponse(user.email)), { recoveryCode: renewed[0] });
    expect(neu.status).toBe(200);
  });

  it("turning it off needs the current password and a code; then the password alone signs in again", async () => {
    const { user, cookie } = await enrolled();
    const path = "/api/users/profile/totp";
    const noPassword = await send(disableRoute, "DELETE", path, cookie, { code: await freshCode(user.id) });
    expect(noPassword.status).toBe(400);
    const wrongPassword = await send(disableRoute, "DELETE", path, cookie, {
      currentPassword: "Wrong999!",
      code: await freshCode(user.id),
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).errors).toHaveProperty("currentPassword");
    const wrongCode = await send(disableRoute, "DELETE", path, cookie, {
      currentPassword: TEST_PASSWORD,
      code: "000000",
    });
    expect(wrongCode.status).toBe(400);
    expect((await wrongCode.json()).key).toBe("Auth.mfaCodeWrong");

    const off = await send(disableRoute, "DELETE", path, cookie, {
      currentPassword: TEST_PASSWORD,
      code: await freshCode(user.id),
    });
    expect(off.status).toBe(200);
    const prisma = await getPrisma();
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    expect(await prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await eventsOf(user.id, "mfa.disabled")).toHaveLength(1);
    expect(setSessionValue(await signInResponse(user.email))).not.toBeNull();
  });
});

describe("admins", () => {
  it("an admin without the second factor has no admin powers until enrolling, then has them", async () => {
    const admin = await makeUser({ isAdmin: true, mfa: false });
    const cookie = await signIn(admin.email);
    const refused = await call(listUsersRoute, apiRequest("GET", "/api/users?lng=ua", { cookie }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      key: "Auth.mfaEnrolRequired",
      message: expect.stringMatching(/двоетапн/i),
    });
    const start = await send(enrolRoute, "POST", "/api/users/profile/totp", cookie, { currentPassword: TEST_PASSWORD });
    const { secret } = await start.json();
    await send(confirmRoute, "PUT", "/api/users/profile/totp", cookie, { code: totpCode(secret) });
    expect((await call(listUsersRoute, apiRequest("GET", "/api/users", { cookie }))).status).toBe(200);
  });
});
