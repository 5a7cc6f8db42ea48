import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { DELETE as deleteUserRoute } from "@/app/api/users/[id]/route";
import { PUT as blockUserRoute } from "@/app/api/users/admin/[id]/block/route";
import { POST as logoutRoute } from "@/app/api/users/logout/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { POST as emailConfirmRoute } from "@/app/api/users/profile/email/confirm/route";
import { PUT as profileRoute, GET as sessionViewRoute } from "@/app/api/users/profile/route";
import { DELETE as sessionsRoute } from "@/app/api/users/sessions/route";
import { hashToken } from "@/features/accounts/server/email-tokens";
import { hashSessionToken, resolveSession, SESSION_IDLE_MS } from "@/features/accounts/server/session";
import { purgeExpired } from "@/features/admin/server/retention";
import { getPrisma } from "@/lib/db/client";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call, makeRequest, params } from "../../helpers/request";
import { lastMailTo, profileStatus, serveNextHeadersToNextAuth, tokenIn } from "../../helpers/security";
import { sessionFrom, setSessionValue, signIn } from "../../helpers/sign-in";

/**
 * A session cookie is worth something only while its row in `sessions` lives: every way an
 * account's access ends must make an old copy of the cookie worthless on the very next request.
 * "Worthless" is checked the way an attacker replaying a stolen cookie would: PUT /api/users/profile.
 */
const nextIp = addresses("10.31");
const NEW_PASSWORD = "Kovbasa42!";
const cookieValue = (cookie: string) => cookie.slice("maister.session=".length);

let adminCookie = "";
let restoreNextHeaders = () => {};

beforeAll(async () => {
  const admin = await makeUser({ isAdmin: true, name: "Session Admin" });
  adminCookie = await signIn(admin.email);
  restoreNextHeaders = serveNextHeadersToNextAuth();
});

afterAll(() => restoreNextHeaders());

async function sessionsOf(userId: string) {
  return (await getPrisma()).session.count({ where: { userId } });
}

describe("a replayed cookie is refused once the session has ended", () => {
  it("after logout: the server deleted the session, not just the browser's cookie", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    expect(await profileStatus(cookie)).toBe(200);

    const logout = await call(logoutRoute, apiRequest("POST", "/api/users/logout", { cookie }));
    expect(logout.status).toBe(200);
    expect(setSessionValue(logout)).toBe("");
    expect(await sessionsOf(user.id)).toBe(0);
    // The attacker kept a copy of the cookie from before the logout.
    expect(await profileStatus(cookie)).toBe(401);
  });

  it("after a block, and still after the unblock (the pre-block cookie never comes back)", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const toggle = () =>
      call(
        blockUserRoute,
        apiRequest("PUT", `/api/users/admin/${user.id}/block`, { cookie: adminCookie }),
        params({ id: user.id }),
      );

    expect((await (await toggle()).json()).isBlocked).toBe(true);
    expect(await profileStatus(cookie)).toBe(401);
    expect((await (await toggle()).json()).isBlocked).toBe(false);
    expect(await profileStatus(cookie)).toBe(401);
    // Unblocked, the user signs in afresh and that new session works.
    expect(await profileStatus(await signIn(user.email))).toBe(200);
  });

  it("after an admin deletes the account", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const deleted = await call(
      deleteUserRoute,
      apiRequest("DELETE", `/api/users/${user.id}`, { cookie: adminCookie }),
      params({ id: user.id }),
    );
    expect(deleted.status).toBe(200);
    expect(await profileStatus(cookie)).toBe(401);
  });

  it("after a password change: every other session dies, this browser carries on with a new cookie", async () => {
    const user = await makeUser();
    const here = await signIn(user.email);
    const laptop = await signIn(user.email);

    const changed = await call(
      profileRoute,
      apiRequest("PUT", "/api/users/profile", {
        cookie: here,
        body: { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
      }),
    );
    expect(changed.status).toBe(200);
    const renewed = sessionFrom(changed);
    expect(renewed).not.toBe(here);

    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(here)).toBe(401);
    expect(await profileStatus(renewed)).toBe(200);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it("after a password reset, every session that existed before it is dead", async () => {
    const user = await makeUser();
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    expect(
      (
        await call(
          resetRequestRoute,
          apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp() }),
        )
      ).status,
    ).toBe(202);
    const token = tokenIn((await lastMailTo(user.email, "reset")).text);

    const reset = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", { body: { token, password: NEW_PASSWORD } }),
    );
    expect(reset.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(sessionFrom(reset))).toBe(200);
  });

  it("after an e-mail change is confirmed (not before: the request alone changes nothing)", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const newEmail = `moved-${Date.now()}@test.local`;
    const asked = await call(
      profileRoute,
      apiRequest("PUT", "/api/users/profile", { cookie, body: { email: newEmail, currentPassword: TEST_PASSWORD } }),
    );
    expect(asked.status).toBe(200);
    expect(await profileStatus(cookie)).toBe(200);

    const token = tokenIn((await lastMailTo(newEmail, "emailChange")).text);
    expect(
      (
        await call(
          emailConfirmRoute,
          apiRequest("POST", "/api/users/profile/email/confirm", { body: { token, currentPassword: TEST_PASSWORD } }),
        )
      ).status,
    ).toBe(200);
    expect(await profileStatus(cookie)).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it("after 'sign out everywhere': all of this user's sessions end, nobody else's", async () => {
    const user = await makeUser();
    const bystander = await makeUser();
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const other = await signIn(bystander.email);

    expect((await call(sessionsRoute, apiRequest("DELETE", "/api/users/sessions"))).status).toBe(401);
    const ended = await call(sessionsRoute, apiRequest("DELETE", "/api/users/sessions", { cookie: phone }));
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 2 });
    expect(setSessionValue(ended)).toBe("");

    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(other)).toBe(200);
  });
});

describe("sessions end by themselves", () => {
  it("after 7 idle days: refused and the row deleted", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const prisma = await getPrisma();
    const tokenHash = hashSessionToken(cookieValue(cookie));
    await prisma.session.update({
      where: { tokenHash },
      data: { lastSeenAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) },
    });

    expect(await resolveSession(cookieValue(cookie))).toBeNull();
    expect(await prisma.session.count({ where: { tokenHash } })).toBe(0);
    expect(await profileStatus(cookie)).toBe(401);
  });

  it("use keeps a session alive: 6 idle days is still fine, and the use moves lastSeenAt forward", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const prisma = await getPrisma();
    const tokenHash = hashSessionToken(cookieValue(cookie));
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60_000);
    await prisma.session.update({ where: { tokenHash }, data: { lastSeenAt: sixDaysAgo } });

    expect(await resolveSession(cookieValue(cookie))).toMatchObject({ id: user.id });
    const { lastSeenAt } = await prisma.session.findUniqueOrThrow({ where: { tokenHash } });
    expect(Date.now() - lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it("at the absolute lifetime, however recently it was used", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const prisma = await getPrisma();
    const tokenHash = hashSessionToken(cookieValue(cookie));
    const { expiresAt, createdAt } = await prisma.session.findUniqueOrThrow({ where: { tokenHash } });
    // The lifetime is fixed at sign-in: 30 days, not a sliding window.
    expect(expiresAt.getTime() - createdAt.getTime()).toBeGreaterThan(29 * 24 * 60 * 60_000);
    expect(expiresAt.getTime() - createdAt.getTime()).toBeLessThanOrEqual(30 * 24 * 60 * 60_000 + 1000);

    await prisma.session.update({
      where: { tokenHash },
      data: { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() },
    });
    expect(await profileStatus(cookie)).toBe(401);
    expect(await prisma.session.count({ where: { tokenHash } })).toBe(0);
  });

  it("refuses cookie values that cannot be a session", async () => {
    for (const value of ["", "x", "a".repeat(101), "%00", "' OR 1=1 --"]) {
      expect(await resolveSession(value), value).toBeNull();
    }
  });
});

describe("next-auth's routes hand a cookie only to a session getViewer() accepts", () => {
  const nextAuth = (handler: typeof nextAuthGet, action: string, init: Parameters<typeof makeRequest>[1] = {}) =>
    call(handler, makeRequest(`/api/auth/${action}`, init), {
      params: Promise.resolve({ nextauth: action.split("/") }),
    });
  const sessionOf = (cookie?: string) => nextAuth(nextAuthGet, "session", { headers: cookie ? { cookie } : {} });
  const sessionCookies = (response: Response) =>
    response.headers.getSetCookie().filter((cookie) => cookie.startsWith("maister.session="));

  async function expectRefused(response: Response) {
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    // The cookie is cleared, and nothing else is handed out in its place.
    const set = sessionCookies(response);
    expect(set.length).toBeGreaterThan(0);
    for (const cookie of set) expect(cookie, cookie).toMatch(/^maister\.session=;/);
  }

  it("answers a live session with the user and the same cookie value, never a new one", async () => {
    const user = await makeUser({ name: "Next Auth User" });
    const cookie = await signIn(user.email);
    const response = await sessionOf(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { name: "Next Auth User", email: user.email } });
    expect(sessionCookies(response).map((set) => set.split(";")[0])).toEqual([cookie]);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it("clears an unknown or forged cookie and creates no session for it", async () => {
    const before = await (await getPrisma()).session.count();
    await expectRefused(await sessionOf("maister.session=forged-value-that-was-never-issued"));
    await expectRefused(await sessionOf(`maister.session=${"A".repeat(43)}`));
    expect(await (await getPrisma()).session.count()).toBe(before);
  });

  it("clears the cookie of a blocked user and of a blocked admin, even while the session row still exists", async () => {
    for (const isAdmin of [false, true]) {
      const user = await makeUser({ isAdmin });
      const cookie = await signIn(user.email);
      // Blocked behind the data layer's back, so only the user check stands between the cookie and a session.
      await (await getPrisma()).user.update({ where: { id: user.id }, data: { isBlocked: true } });
      expect(await sessionsOf(user.id)).toBe(1);
      await expectRefused(await sessionOf(cookie));
    }
  });

  it("clears the cookie of a session past its lifetime", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    await (
      await getPrisma()
    ).session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectRefused(await sessionOf(cookie));
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it("answers nothing and sets nothing without a cookie", async () => {
    const response = await sessionOf();
    expect(await response.json()).toEqual({});
    expect(sessionCookies(response)).toEqual([]);
  });

  it("signing in through next-auth's credentials route opens a database session like the login route", async () => {
    const user = await makeUser();
    const csrf = await nextAuth(nextAuthGet, "csrf");
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("next-auth.csrf-token="))!
      .split(";")[0]!;
    const form = (password: string) =>
      new URLSearchParams({ csrfToken, email: user.email, password, json: "true" }).toString();
    const headers = {
      cookie: csrfCookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextIp(),
    };

    const wrong = await nextAuth(nextAuthPost, "callback/credentials", {
      method: "POST",
      headers,
      body: form("Wrong123!"),
    });
    expect(setSessionValue(wrong)).toBeNull();
    expect(await sessionsOf(user.id)).toBe(0);

    const right = await nextAuth(nextAuthPost, "callback/credentials", {
      method: "POST",
      headers,
      body: form(TEST_PASSWORD),
    });
    const cookie = sessionFrom(right);
    expect(await sessionsOf(user.id)).toBe(1);
    expect(await profileStatus(cookie)).toBe(200);
  });

  it("signing out through next-auth ends the database session; without its CSRF token it does nothing", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const csrf = await nextAuth(nextAuthGet, "csrf");
    const { csrfToken } = await csrf.json();
    const csrfCookie = csrf.headers
      .getSetCookie()
      .find((set) => set.startsWith("next-auth.csrf-token="))!
      .split(";")[0]!;
    const signOut = (token: string) =>
      nextAuth(nextAuthPost, "signout", {
        method: "POST",
        headers: { cookie: `${cookie}; ${csrfCookie}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken: token }).toString(),
      });

    // A page on another site cannot know the token: the session survives.
    const forged = await signOut("0".repeat(64));
    expect(setSessionValue(forged)).toBeNull();
    expect(await profileStatus(cookie)).toBe(200);

    const real = await signOut(csrfToken);
    expect(real.status).toBe(302);
    expect(setSessionValue(real)).toBe("");
    expect(await sessionsOf(user.id)).toBe(0);
    expect(await profileStatus(cookie)).toBe(401);
  });
});

describe("purgeExpired()", () => {
  it("deletes expired sessions, spent or expired links, ended throttles and stale sign-ups; keeps the rest", async () => {
    const prisma = await getPrisma();
    const now = Date.now();
    const hours = (n: number) => new Date(now - n * 60 * 60_000);
    const user = await makeUser();
    const session = (tag: string, data: { expiresAt: Date; lastSeenAt?: Date }) =>
      prisma.session.create({ data: { userId: user.id, tokenHash: hashSessionToken(`${tag}-${now}`), ...data } });
    const [pastLifetime, idle, live] = await Promise.all([
      session("past", { expiresAt: hours(1) }),
      session("idle", { expiresAt: new Date(now + 60 * 60_000), lastSeenAt: new Date(now - SESSION_IDLE_MS - 60_000) }),
      session("live", { expiresAt: new Date(now + 60 * 60_000) }),
    ]);
    const token = (tag: string, data: { expiresAt: Date; usedAt?: Date }) =>
      prisma.emailToken.create({
        data: { userId: user.id, purpose: "password_reset", tokenHash: hashToken(`${tag}-${now}`), ...data },
      });
    const [used, expired, pending] = await Promise.all([
      token("used", { expiresAt: new Date(now + 60 * 60_000), usedAt: hours(0.1) }),
      token("expired", { expiresAt: hours(0.1) }),
      token("pending", { expiresAt: new Date(now + 60 * 60_000) }),
    ]);
    await prisma.throttle.createMany({
      data: [
        { key: `test:ended-${now}`, points: 5, expire: hours(0.01) },
        { key: `test:running-${now}`, points: 5, expire: new Date(now + 60_000) },
      ],
    });
    const staleSignUp = await makeUser({ confirmed: false });
    const youngSignUp = await makeUser({ confirmed: false });
    const oldConfirmed = await makeUser();
    await prisma.user.updateMany({
      where: { id: { in: [staleSignUp.id, oldConfirmed.id] } },
      data: { createdAt: hours(25) },
    });
    await prisma.user.update({ where: { id: youngSignUp.id }, data: { createdAt: hours(23) } });
    const staleLink = await prisma.emailToken.create({
      data: {
        userId: staleSignUp.id,
        purpose: "confirm_email",
        tokenHash: hashToken(`stale-${now}`),
        expiresAt: new Date(now + 60_000),
      },
    });

    const purged = await purgeExpired();
    expect(purged.sessions).toBeGreaterThanOrEqual(2);
    expect(purged.unconfirmed).toBeGreaterThanOrEqual(1);

    const sessionIds = (
      await prisma.session.findMany({ where: { id: { in: [pastLifetime.id, idle.id, live.id] } } })
    ).map((row) => row.id);
    expect(sessionIds).toEqual([live.id]);
    const tokenIds = (
      await prisma.emailToken.findMany({ where: { id: { in: [used.id, expired.id, pending.id, staleLink.id] } } })
    ).map((row) => row.id);
    expect(tokenIds).toEqual([pending.id]);
    const throttleKeys = (await prisma.throttle.findMany({ where: { key: { startsWith: "test:" } } })).map(
      (row) => row.key,
    );
    expect(throttleKeys).toEqual([`test:running-${now}`]);
    const userIds = (
      await prisma.user.findMany({
        where: { id: { in: [staleSignUp.id, youngSignUp.id, oldConfirmed.id] } },
        orderBy: { id: "asc" },
      })
    ).map((row) => row.id);
    expect(userIds.sort()).toEqual([youngSignUp.id, oldConfirmed.id].sort());

    // Idempotent: a second run finds nothing of this left to do.
    const again = await purgeExpired();
    expect(again.unconfirmed).toBe(0);
    expect(await prisma.session.count({ where: { id: live.id } })).toBe(1);
  });
});

describe("GET /api/users/profile: who a page from the page cache shows in its header", () => {
  const ask = (cookie?: string) => call(sessionViewRoute, apiRequest("GET", "/api/users/profile", { cookie }));

  it("answers the signed-in user's header facts and nothing else, never to be stored", async () => {
    const user = await makeUser({ isAdmin: true, name: "Header Person" });
    const response = await ask(await signIn(user.email));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      viewer: { email: user.email, imageUrl: null, isAdmin: true, hasMechanicProfile: false, ownsStations: false },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("answers nobody without a session; an ended session's cookie is cleared with the signed-in hint", async () => {
    const anonymous = await ask();
    expect(await anonymous.json()).toEqual({ viewer: null });
    expect(anonymous.headers.getSetCookie()).toEqual([]);

    const user = await makeUser();
    const cookie = await signIn(user.email);
    await call(logoutRoute, apiRequest("POST", "/api/users/logout", { cookie }));
    const ended = await ask(cookie);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ viewer: null });
    expect(setSessionValue(ended)).toBe("");
    expect(ended.headers.getSetCookie().some((header) => /^maister\.signed-in=;.*Max-Age=0/i.test(header))).toBe(true);
  });
});
