import { describe, expect, it } from "vitest";

import { POST as totpLoginRoute } from "@/app/api/users/login/totp/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { DELETE as deleteProfileRoute, PUT as profileRoute } from "@/app/api/users/profile/route";
import { POST as regenerateRoute } from "@/app/api/users/profile/totp/recovery-codes/route";
import { PUT as confirmRoute, DELETE as disableRoute, POST as enrolRoute } from "@/app/api/users/profile/totp/route";
import { GET as listUsersRoute } from "@/app/api/users/route";
import { DELETE as signOutEverywhereRoute } from "@/app/api/users/sessions/route";
import { guardPage } from "@/features/accounts/server/guards";
import { hashSessionToken } from "@/features/accounts/server/session";
import { MFA_CHALLENGE_COOKIE, SESSION_COOKIE } from "@/features/accounts/session-cookie";
import { totpCode } from "@/features/accounts/totp";
import { getPrisma } from "@/lib/db/client";
import { throttleKey } from "@/lib/security/rate-limit";
import { openSecret } from "@/lib/security/secret-box";

import { makeUser, TEST_PASSWORD, TEST_TOTP_SECRET } from "../../helpers/factories";
import { addresses, apiRequest, call, makeRequest } from "../../helpers/request";
import { lastMailTo, mailsTo, profileStatus, tokenIn } from "../../helpers/security";
import { signIn, signInResponse, viewerOf } from "../../helpers/sign-in";

/**
 * What the security review of two-step verification found, each as the attack it describes: codes
 * guessed in parallel, a session that never proved the second factor, a challenge outliving the
 * password, the owner kept out by someone with the password, a used code told from a wrong one.
 */
const nextIp = addresses("10.44");
const STEP_MS = 30_000;

function challengeFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${MFA_CHALLENGE_COOKIE}=`));
  const value = header ? header.split(";")[0]!.slice(MFA_CHALLENGE_COOKIE.length + 1) : "";
  return value ? `${MFA_CHALLENGE_COOKIE}=${value}` : "";
}

const secondStep = (challenge: string, body: unknown, ip = nextIp()) =>
  call(totpLoginRoute, apiRequest("POST", "/api/users/login/totp", { body, cookie: challenge, ip }));

const challengeOf = async (email: string) => challengeFrom(await signInResponse(email, TEST_PASSWORD, nextIp()));

/**
 * The account's code now, its last used step forgotten first, as if the test had waited for the
 * next one (helpers/sign-in.ts codeFor does the same; a used step's refusal has its own test below).
 */
async function freshCode(userId: string): Promise<string> {
  const row = await (await getPrisma()).user.update({ where: { id: userId }, data: { totpLastStep: null } });
  return totpCode(openSecret(row.totpSecret!)!);
}

/** Enrols through the API as the owner would: the password, then a code from the new secret. */
async function enrol(cookie: string, password = TEST_PASSWORD) {
  const start = await call(
    enrolRoute,
    apiRequest("POST", "/api/users/profile/totp", { cookie, body: { currentPassword: password } }),
  );
  expect(start.status).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  const done = await call(
    confirmRoute,
    apiRequest("PUT", "/api/users/profile/totp", { cookie, body: { code: totpCode(secret) } }),
  );
  expect(done.status).toBe(200);
  const { recoveryCodes } = (await done.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

const adminListStatus = async (cookie: string) => call(listUsersRoute, apiRequest("GET", "/api/users", { cookie }));

describe("guessing codes in parallel", () => {
  it("checks at most five of forty parallel wrong codes at the second step; the rest are refused unchecked", async () => {
    const user = await makeUser({ mfa: true });
    const challenge = await challengeOf(user.email);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => secondStep(challenge, { code: String(100000 + i) })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.every((status) => [400, 401, 429].includes(status))).toBe(true);
    expect(
      await (await getPrisma()).securityEvent.count({ where: { userId: user.id, kind: "mfa.failed" } }),
    ).toBeLessThanOrEqual(6);
  });

  it("checks at most five of forty parallel wrong current passwords", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(
          profileRoute,
          apiRequest("PUT", "/api/users/profile", {
            cookie,
            ip: nextIp(),
            body: { currentPassword: `Wrong-${i}-Guess!`, password: "Zq9!vbnmTyu#2" },
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
  });

  it("a right current password gives its point back, and does not wipe the wrong ones", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const remove = (currentPassword: string) =>
      call(deleteProfileRoute, apiRequest("DELETE", "/api/users/profile", { cookie, body: { currentPassword } }));
    const change = (currentPassword: string) =>
      call(
        profileRoute,
        apiRequest("PUT", "/api/users/profile", {
          cookie,
          body: { currentPassword, email: `moved-${Date.now()}@test.local` },
        }),
      );
    for (let i = 0; i < 4; i++) expect((await remove("Wrong-Guess-1!")).status).toBe(400);
    expect((await change(TEST_PASSWORD)).status).toBe(200);
    expect((await remove("Wrong-Guess-2!")).status).toBe(400);
    expect((await remove(TEST_PASSWORD)).status).toBe(429);
  });

  it("ends a challenge after five wrong codes: even a right code or a recovery code needs the password again", async () => {
    const user = await makeUser({ mfa: true });
    const challenge = await challengeOf(user.email);
    for (let i = 0; i < 5; i++) expect((await secondStep(challenge, { code: "111111" })).status).toBe(400);
    expect(await (await getPrisma()).mfaChallenge.count({ where: { userId: user.id } })).toBe(0);
    const late = await secondStep(challenge, { recoveryCode: "abcde-fghjk" });
    expect(late.status).toBe(401);
    expect((await late.json()).key).toBe("Auth.mfaChallengeExpired");
  });
});

describe("admin powers need a session that proved the second factor", () => {
  it("a session opened with the password before enrolment ends when the admin enrols elsewhere; the enrolling one is an admin at once", async () => {
    const admin = await makeUser({ isAdmin: true, mfa: false });
    const borrowed = await signIn(admin.email);
    const laptop = await signIn(admin.email);
    expect((await adminListStatus(borrowed)).status).toBe(403);
    await enrol(laptop);
    expect(await viewerOf(borrowed)).toBeNull();
    expect((await adminListStatus(borrowed)).status).toBe(401);
    expect((await adminListStatus(laptop)).status).toBe(200);
  });

  it("an enrolled admin's session that never proved the factor is no admin: it is told to sign in again", async () => {
    const admin = await makeUser({ isAdmin: true });
    const token = `legacy-${Date.now()}`;
    const prisma = await getPrisma();
    // As every session opened before sessions recorded the second step.
    await prisma.session.create({
      data: { userId: admin.id, tokenHash: hashSessionToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect(await viewerOf(cookie)).toMatchObject({ isAdmin: false, adminAwaitingMfa: true, mfaEnabled: true });
    const refused = await call(listUsersRoute, apiRequest("GET", "/api/users?lng=ua", { cookie }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      key: "Auth.mfaSignInAgain",
      message: expect.stringMatching(/увійдіть/i),
    });
    // The admin pages send it to /profile, whose notice says to sign in again.
    let thrown: unknown = null;
    await call(
      async () => {
        try {
          await guardPage("admin", "/admin/users", "en");
        } catch (error) {
          thrown = error;
        }
        return new Response(null);
      },
      makeRequest("/admin/users", { headers: { cookie } }),
    );
    expect(String((thrown as { digest?: string } | null)?.digest)).toMatch(
      /^NEXT_REDIRECT;replace;\/profile\?reason=mfaSignInAgain;/,
    );
    // Signing in again, with the code, gives the powers.
    expect((await adminListStatus(await signIn(admin.email))).status).toBe(200);
  });

  it("starting enrolment needs the current password", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const start = (body: unknown) => call(enrolRoute, apiRequest("POST", "/api/users/profile/totp", { cookie, body }));
    const none = await start({});
    expect(none.status).toBe(400);
    expect((await none.json()).errors.currentPassword.key).toBe("Validation.currentPasswordRequired");
    const wrong = await start({ currentPassword: "Wrong999!" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword.key).toBe("Auth.currentPasswordWrong");
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret).toBeNull();
    expect((await start({ currentPassword: TEST_PASSWORD })).status).toBe(200);
  });

  it("turning it on ends every other session, keeps this one, and mails the owner; so do renewing codes and turning it off", async () => {
    const user = await makeUser({ name: "Mailed Owner" });
    const other = await signIn(user.email);
    const cookie = await signIn(user.email);
    await enrol(cookie);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(cookie)).toBe(200);
    expect((await lastMailTo(user.email, "mfaEnabled")).text).toContain("Mailed Owner");

    const renewed = await call(
      regenerateRoute,
      apiRequest("POST", "/api/users/profile/totp/recovery-codes", {
        cookie,
        body: { code: await freshCode(user.id) },
      }),
    );
    expect(renewed.status).toBe(200);
    expect(await mailsTo(user.email, "mfaRecoveryCodesRenewed")).toHaveLength(1);

    const off = await call(
      disableRoute,
      apiRequest("DELETE", "/api/users/profile/totp", {
        cookie,
        body: { currentPassword: TEST_PASSWORD, code: await freshCode(user.id) },
      }),
    );
    expect(off.status).toBe(200);
    expect(await mailsTo(user.email, "mfaDisabled")).toHaveLength(1);
  });

  it("the mail is in the owner's language", async () => {
    const user = await makeUser();
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id: user.id }, data: { locale: "uk" } });
    await enrol(await signIn(user.email));
    expect((await lastMailTo(user.email, "mfaEnabled")).subject).toMatch(/двоетапн/i);
  });
});

describe("a pending challenge dies with the sessions", () => {
  const settle = async (userId: string) => {
    const prisma = await getPrisma();
    expect(await prisma.mfaChallenge.count({ where: { userId } })).toBe(0);
    expect(await prisma.throttle.count({ where: { key: `mfaCode:${throttleKey(userId)}` } })).toBe(0);
  };

  it("on a password change", async () => {
    const user = await makeUser({ mfa: true });
    const session = await signIn(user.email);
    const stolen = await challengeOf(user.email);
    expect((await secondStep(stolen, { code: "111111" })).status).toBe(400);
    const changed = await call(
      profileRoute,
      apiRequest("PUT", "/api/users/profile", {
        cookie: session,
        body: { currentPassword: TEST_PASSWORD, password: "Zq9!vbnmTyu#2" },
      }),
    );
    expect(changed.status).toBe(200);
    await settle(user.id);
    const late = await secondStep(stolen, { code: totpCode(TEST_TOTP_SECRET, Date.now() + STEP_MS) });
    expect(late.status).toBe(401);
  });

  it("on a password reset", async () => {
    const user = await makeUser({ mfa: true });
    const stolen = await challengeOf(user.email);
    expect(
      (await call(resetRequestRoute, apiRequest("POST", "/api/users/password-reset", { body: { email: user.email } })))
        .status,
    ).toBe(202);
    const token = tokenIn((await lastMailTo(user.email, "reset")).text);
    const reset = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", { body: { token, password: "Zq9!vbnmTyu#2" } }),
    );
    expect(reset.status).toBe(200);
    await settle(user.id);
    expect((await secondStep(stolen, { code: await freshCode(user.id) })).status).toBe(401);
  });

  it("on signing out everywhere", async () => {
    const user = await makeUser({ mfa: true });
    const session = await signIn(user.email);
    const stolen = await challengeOf(user.email);
    const ended = await call(signOutEverywhereRoute, apiRequest("DELETE", "/api/users/sessions", { cookie: session }));
    expect(ended.status).toBe(200);
    await settle(user.id);
    expect((await secondStep(stolen, { code: await freshCode(user.id) })).status).toBe(401);
  });
});

describe("someone with the password cannot keep the owner out", () => {
  it("over the cap a right app code waits, a recovery code still signs in, and the owner is mailed once", async () => {
    const user = await makeUser({ mfa: true, name: "Kept Out" });
    const prisma = await getPrisma();
    // The factory's account has no recovery codes: make some as the owner would.
    const codes = await call(
      regenerateRoute,
      apiRequest("POST", "/api/users/profile/totp/recovery-codes", {
        cookie: await signIn(user.email),
        body: { code: await freshCode(user.id) },
      }),
    );
    const { recoveryCodes: saved } = (await codes.json()) as { recoveryCodes: string[] };
    for (let i = 0; i < 5; i++)
      expect((await secondStep(await challengeOf(user.email), { code: "111111" })).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      const capped = await secondStep(await challengeOf(user.email), { code: await freshCode(user.id) });
      expect(capped.status).toBe(429);
      expect((await capped.json()).key).toBe("Auth.tooManyAttempts");
    }
    const mails = await mailsTo(user.email, "mfaCodeCap");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Kept Out");
    expect(
      await prisma.securityEvent.count({
        where: { userId: user.id, kind: "mfa.failed", details: { path: ["reason"], equals: "capReached" } },
      }),
    ).toBe(1);

    // A wrong recovery code is not counted against the account, a right one is taken.
    expect((await secondStep(await challengeOf(user.email), { recoveryCode: "aaaaa-aaaaa" })).status).toBe(400);
    const owner = await secondStep(await challengeOf(user.email), { recoveryCode: saved[0] });
    expect(owner.status).toBe(200);
  });
});

describe("what a guesser learns", () => {
  it("a code of a step already used is answered as a wrong code at sign-in", async () => {
    const user = await makeUser({ mfa: true });
    const code = await freshCode(user.id);
    expect((await secondStep(await challengeOf(user.email), { code })).status).toBe(200);
    const again = await secondStep(await challengeOf(user.email), { code });
    expect(again.status).toBe(400);
    expect((await again.json()).key).toBe("Auth.mfaCodeWrong");
  });
});
