import { describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/paypal/webhook/route";
import { PUT as blockUserRoute } from "@/app/api/users/admin/[id]/block/route";
import { POST as loginRoute } from "@/app/api/users/login/route";
import { POST as logoutRoute } from "@/app/api/users/logout/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { DELETE as profileDeleteRoute, PUT as profileRoute } from "@/app/api/users/profile/route";
import { DELETE as sessionsRoute } from "@/app/api/users/sessions/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { VALID_SIGNATURE } from "../../helpers/fake-paypal";
import { captureLogs } from "../../helpers/logs";
import { webhookHeaders, withPaypalStandIn } from "../../helpers/paypal-stand-in";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { lastMailTo, tokenIn } from "../../helpers/security";
import { sessionFrom, signIn } from "../../helpers/sign-in";

/**
 * Each action the security log watches writes exactly its row, with the request's id, address,
 * user agent and account, and nothing secret: the answer's X-Request-Id finds the rows the request
 * wrote, and the password or token the request carried appears in none of them.
 */
const nextIp = addresses("10.41");
const NEW_PASSWORD = "Kovbasa42!";
const AGENT = "SecurityLogTest/1.0";

async function rowsOf(response: Response) {
  const requestId = response.headers.get("x-request-id");
  expect(requestId).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
  // Rows written in one transaction share its time: they are compared in the order of their kinds.
  return (await getPrisma()).securityEvent.findMany({ where: { requestId: requestId! }, orderBy: { kind: "asc" } });
}

/** Rows as compared below: what the request and the event say, not the row's own id and time. */
const shape = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
  rows.map(({ kind, userId, ip, userAgent, method, path, status, details }) => ({
    kind,
    userId,
    ip,
    userAgent,
    method,
    path,
    status,
    details,
  }));

/** The login route's answer, from a client that names itself (tests/helpers/sign-in.ts's sends no user agent). */
const login = (email: string, password: string, ip: string) =>
  call(
    loginRoute,
    apiRequest("POST", "/api/users/login", { body: { email, password }, ip, headers: { "user-agent": AGENT } }),
  );

function expectNoSecret(rows: unknown, ...secrets: string[]) {
  const text = JSON.stringify(rows);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe("sign-in", () => {
  it("a success: one signIn.succeeded row with the account, address, user agent and path", async () => {
    const user = await makeUser();
    const ip = nextIp();
    const response = await login(user.email, TEST_PASSWORD, ip);
    expect(response.status).toBe(200);
    const rows = await rowsOf(response);
    expect(shape(rows)).toEqual([
      {
        kind: "signIn.succeeded",
        userId: user.id,
        ip,
        userAgent: AGENT,
        method: "POST",
        path: "/api/users/login",
        status: null,
        details: {},
      },
    ]);
    expectNoSecret(rows, TEST_PASSWORD, user.email, setCookieValue(response));
  });

  it("a wrong password: one signIn.failed row (no access.refused besides), the e-mail masked, the answer unchanged", async () => {
    const user = await makeUser({ email: `wrong-${Date.now()}@test.local` });
    const ip = nextIp();
    const response = await login(user.email, "Wrong1234!", ip);
    expect(response.status).toBe(401);
    expect((await response.json()).key).toBe("Auth.invalidCredentials");
    const rows = await rowsOf(response);
    expect(shape(rows)).toEqual([
      expect.objectContaining({
        kind: "signIn.failed",
        userId: user.id,
        ip,
        status: 401,
        details: { reason: "wrongPassword", email: "w•••@test.local" },
      }),
    ]);
    expectNoSecret(rows, "Wrong1234!", user.email);
  });

  it("a wrong password is one line of the server log too: the row's fields, the request's id, nothing secret", async () => {
    const user = await makeUser({ email: `logged-${Date.now()}@test.local` });
    const ip = nextIp();
    const logs = captureLogs("info");
    let response: Response;
    try {
      response = await login(user.email, "Wrong1234!", ip);
    } finally {
      logs.restore();
    }
    const requestId = response.headers.get("x-request-id");
    expect(logs.lines.filter((line) => line.type === "security")).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "security event",
        kind: "signIn.failed",
        requestId,
        userId: user.id,
        ip,
        userAgent: AGENT,
        method: "POST",
        path: "/api/users/login",
        status: 401,
        details: { reason: "wrongPassword", email: "l•••@test.local" },
      }),
    ]);
    expect(logs.lines.every((line) => line.requestId === requestId)).toBe(true);
    expectNoSecret(logs.lines, "Wrong1234!", user.email);
  });

  it("an unknown account, a blocked one and an unconfirmed one each say why, with the same answers as before", async () => {
    const unknown = await login(`nobody-${Date.now()}@test.local`, TEST_PASSWORD, nextIp());
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).key).toBe("Auth.invalidCredentials");
    expect(shape(await rowsOf(unknown))).toEqual([
      expect.objectContaining({
        kind: "signIn.failed",
        userId: null,
        status: 401,
        details: { reason: "unknownAccount", email: "n•••@test.local" },
      }),
    ]);

    const blocked = await makeUser({ isBlocked: true });
    const blockedAnswer = await login(blocked.email, TEST_PASSWORD, nextIp());
    expect(blockedAnswer.status).toBe(403);
    expect((await blockedAnswer.json()).key).toBe("Auth.blocked");
    expect(shape(await rowsOf(blockedAnswer))).toEqual([
      expect.objectContaining({
        kind: "signIn.failed",
        userId: blocked.id,
        status: 403,
        details: expect.objectContaining({ reason: "blocked" }),
      }),
    ]);

    const unconfirmed = await makeUser({ confirmed: false });
    const unconfirmedAnswer = await login(unconfirmed.email, TEST_PASSWORD, nextIp());
    expect(unconfirmedAnswer.status).toBe(403);
    expect((await unconfirmedAnswer.json()).key).toBe("Auth.unconfirmed");
    expect(shape(await rowsOf(unconfirmedAnswer))).toEqual([
      expect.objectContaining({
        kind: "signIn.failed",
        userId: unconfirmed.id,
        status: 403,
        details: expect.objectContaining({ reason: "unconfirmed" }),
      }),
    ]);
  });

  it("the per-account delay: one signIn.locked row for the 429 (no throttle.hit besides)", async () => {
    const user = await makeUser();
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await login(user.email, `Wrong${i}23!`, ip)).status).toBe(401);
    const locked = await login(user.email, TEST_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect((await locked.json()).key).toBe("Auth.tooManyAttempts");
    const rows = await rowsOf(locked);
    expect(shape(rows)).toEqual([
      expect.objectContaining({
        kind: "signIn.locked",
        ip,
        status: 429,
        details: expect.objectContaining({ scope: "account" }),
      }),
    ]);
    expectNoSecret(rows, TEST_PASSWORD, user.email);
  });
});

describe("password and sessions", () => {
  it("a password change: password.changed and session.revoked with the count, no password in either", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    await signIn(user.email);
    const response = await call(
      profileRoute,
      apiRequest("PUT", "/api/users/profile", {
        body: { name: user.name, currentPassword: TEST_PASSWORD, password: NEW_PASSWORD },
        cookie,
      }),
    );
    expect(response.status).toBe(200);
    const rows = await rowsOf(response);
    expect(shape(rows)).toEqual([
      expect.objectContaining({ kind: "password.changed", userId: user.id, method: "PUT", path: "/api/users/profile" }),
      expect.objectContaining({
        kind: "session.revoked",
        userId: user.id,
        details: { reason: "passwordChanged", count: 2 },
      }),
    ]);
    expectNoSecret(rows, TEST_PASSWORD, NEW_PASSWORD, cookie.split("=")[1]!, setCookieValue(response));
  });

  it("a password reset: password.reset and session.revoked, the token nowhere", async () => {
    const user = await makeUser();
    await signIn(user.email);
    const requested = await call(
      resetRequestRoute,
      apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp() }),
    );
    expect(requested.status).toBe(202);
    expect(await rowsOf(requested)).toEqual([]);
    const token = tokenIn((await lastMailTo(user.email, "reset")).text);
    const response = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", { body: { token, password: NEW_PASSWORD } }),
    );
    expect(response.status).toBe(200);
    const rows = await rowsOf(response);
    expect(shape(rows)).toEqual([
      expect.objectContaining({ kind: "password.reset", userId: user.id }),
      expect.objectContaining({
        kind: "session.revoked",
        userId: user.id,
        details: { reason: "passwordReset", count: 1 },
      }),
    ]);
    expectNoSecret(rows, token, NEW_PASSWORD, setCookieValue(response));
  });

  it("sign out everywhere is a revocation; a plain logout is not", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const other = await signIn(user.email);
    const logout = await call(logoutRoute, apiRequest("POST", "/api/users/logout", { cookie: other }));
    expect(logout.status).toBe(200);
    expect(await rowsOf(logout)).toEqual([]);
    await signIn(user.email);
    const everywhere = await call(sessionsRoute, apiRequest("DELETE", "/api/users/sessions", { cookie }));
    expect(everywhere.status).toBe(200);
    expect(shape(await rowsOf(everywhere))).toEqual([
      expect.objectContaining({
        kind: "session.revoked",
        userId: user.id,
        method: "DELETE",
        path: "/api/users/sessions",
        details: { reason: "signOutEverywhere", count: 2 },
      }),
    ]);
  });
});

describe("admin actions", () => {
  it("blocking a user: admin.action by the admin and session.revoked of the user, in one request", async () => {
    const admin = await makeUser({ isAdmin: true });
    const adminCookie = await signIn(admin.email);
    const user = await makeUser();
    await signIn(user.email);
    const response = await call(
      blockUserRoute,
      apiRequest("PUT", `/api/users/admin/${user.id}/block`, { cookie: adminCookie }),
      params({ id: user.id }),
    );
    expect(response.status).toBe(200);
    expect(shape(await rowsOf(response))).toEqual([
      expect.objectContaining({
        kind: "admin.action",
        userId: admin.id,
        details: { action: "user.block", targetType: "user", targetId: user.id },
      }),
      expect.objectContaining({ kind: "session.revoked", userId: user.id, details: { reason: "blocked", count: 1 } }),
    ]);
  });

  it("a person removing their own account is no admin action (the audit log keeps it)", async () => {
    const user = await makeUser();
    const cookie = await signIn(user.email);
    const response = await call(
      profileDeleteRoute,
      apiRequest("DELETE", "/api/users/profile", { body: { currentPassword: TEST_PASSWORD }, cookie }),
    );
    expect(response.status).toBe(200);
    expect((await rowsOf(response)).map((row) => row.kind)).not.toContain("admin.action");
    expect(await (await getPrisma()).auditLog.count({ where: { action: "user.selfDelete", targetId: user.id } })).toBe(
      1,
    );
  });

  it("a refusal of the API with nothing more to say is one access.refused row", async () => {
    const response = await call(profileRoute, apiRequest("PUT", "/api/users/profile", { body: { name: "Nobody" } }));
    expect(response.status).toBe(401);
    expect(shape(await rowsOf(response))).toEqual([
      expect.objectContaining({
        kind: "access.refused",
        userId: null,
        status: 401,
        details: { key: "Auth.signInRequired" },
      }),
    ]);
  });
});

describe("PayPal webhooks", () => {
  withPaypalStandIn();

  const deliver = (event: Record<string, unknown>, signature: string) =>
    call(
      webhookRoute,
      apiRequest("POST", "/api/etc/paypal/webhook", {
        body: event,
        headers: webhookHeaders(signature),
      }),
    );

  it("a bad signature is webhook.forged (one row), a second delivery of a handled event webhook.replayed", async () => {
    const event = { id: `WH-LOG-${Date.now()}`, event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} };
    const forged = await deliver(event, "forged-signature");
    expect(forged.status).toBe(401);
    const forgedRows = await rowsOf(forged);
    expect(shape(forgedRows)).toEqual([
      expect.objectContaining({
        kind: "webhook.forged",
        userId: null,
        status: 401,
        path: "/api/etc/paypal/webhook",
        details: { eventId: event.id, eventType: "PAYMENT.CAPTURE.COMPLETED" },
      }),
    ]);
    expectNoSecret(forgedRows, "forged-signature");

    const first = await deliver(event, VALID_SIGNATURE);
    expect(await first.json()).toEqual({ handled: true });
    expect(await rowsOf(first)).toEqual([]);
    const again = await deliver(event, VALID_SIGNATURE);
    expect(await again.json()).toEqual({ handled: false });
    const replayed = await rowsOf(again);
    expect(shape(replayed)).toEqual([
      expect.objectContaining({
        kind: "webhook.replayed",
        status: null,
        details: { eventId: event.id, eventType: "PAYMENT.CAPTURE.COMPLETED" },
      }),
    ]);
    expectNoSecret(replayed, VALID_SIGNATURE);
  });
});

/** The session token a response handed out, so a test can check no row holds it. */
function setCookieValue(response: Response): string {
  try {
    return sessionFrom(response).split("=")[1]!;
  } catch {
    return "no session cookie set";
  }
}
