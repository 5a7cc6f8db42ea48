import { describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/paypal/webhook/route";
import { POST as claimRoute } from "@/app/api/items/[id]/claim/route";
import { POST as claimVerifyRoute } from "@/app/api/items/[id]/claim/verify/route";
import { PUT as blockUserRoute } from "@/app/api/users/admin/[id]/block/route";
import { POST as totpLoginRoute } from "@/app/api/users/login/totp/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { POST as emailConfirmRoute } from "@/app/api/users/profile/email/confirm/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import {
  PUT as confirmTotpRoute,
  DELETE as disableTotpRoute,
  POST as enrolRoute,
} from "@/app/api/users/profile/totp/route";
import { DELETE as sessionsRoute } from "@/app/api/users/sessions/route";
import { totpCode } from "@/features/accounts/totp";
import { getPrisma } from "@/lib/db/client";
import { SECURITY_EVENT_KINDS } from "@/lib/security/security-log";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { VALID_SIGNATURE } from "../../helpers/fake-paypal";
import { webhookHeaders, withPaypalStandIn } from "../../helpers/paypal-stand-in";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { lastMailTo, tokenIn } from "../../helpers/security";
import { challengeCookie, signIn, signInResponse } from "../../helpers/sign-in";

/**
 * Every kind of event the security log knows happens once through the API, the way a person, an
 * attacker, an admin or PayPal causes it, and afterwards the table holds rows of exactly those
 * kinds, none of them holding a password, code or token the requests carried.
 */
const nextIp = addresses("10.42");
const STEP_MS = 30_000;
const secrets: string[] = [TEST_PASSWORD];

withPaypalStandIn();

const send = (
  handler: (request: ReturnType<typeof apiRequest>) => Promise<Response>,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) => call(handler, apiRequest(method, path, options));

/** A code for a 30-second step after the last one the account used (a used step is refused). */
async function freshCode(userId: string, secret: string): Promise<string> {
  const row = await (await getPrisma()).user.findUniqueOrThrow({ where: { id: userId } });
  const now = Date.now();
  const step = Math.floor(now / STEP_MS);
  const last = row.totpLastStep ?? -1;
  if (last < step) return totpCode(secret, now);
  if (last === step) return totpCode(secret, now + STEP_MS);
  await new Promise((resolve) => setTimeout(resolve, STEP_MS - (now % STEP_MS) + 50));
  return freshCode(userId, secret);
}

const webhook = (event: Record<string, unknown>, signature: string) =>
  send(webhookRoute, "POST", "/api/etc/paypal/webhook", {
    body: event,
    headers: webhookHeaders(signature),
  });

describe("the security log after every kind of event", () => {
  it(
    "holds rows of every kind in SECURITY_EVENT_KINDS, and of no other, with no secret in any",
    { timeout: 90_000 },
    async () => {
      const status = async (response: Promise<Response>) => (await response).status;

      // Sign-ins: a success, a failure, and the per-account delay.
      const person = await makeUser();
      let cookie = await signIn(person.email);
      const attacker = nextIp();
      for (let i = 0; i < 3; i++) {
        secrets.push(`Guess${i}23!`);
        expect(await status(signInResponse(person.email, `Guess${i}23!`, attacker))).toBe(401);
      }
      expect(await status(signInResponse(person.email, TEST_PASSWORD, attacker))).toBe(429);

      // A throttle other than sign-in's: reset requests from one address (10 an hour).
      const flooder = nextIp();
      let resetAnswer = 202;
      for (let i = 0; i < 11 && resetAnswer === 202; i++)
        resetAnswer = await status(
          send(resetRequestRoute, "POST", "/api/users/password-reset", {
            body: { email: `nobody${i}@test.local` },
            ip: flooder,
          }),
        );
      expect(resetAnswer).toBe(429);

      // A refusal of the API: a write without a session.
      expect(await status(send(profileRoute, "PUT", "/api/users/profile", { body: { name: "Nobody Here" } }))).toBe(
        401,
      );

      // The password changed (which also revokes the other sessions), then reset by link.
      const changed = "Varenyky77!";
      secrets.push(changed);
      const change = await send(profileRoute, "PUT", "/api/users/profile", {
        body: { name: person.name, currentPassword: TEST_PASSWORD, password: changed },
        cookie,
      });
      expect(change.status).toBe(200);
      expect(
        await status(
          send(resetRequestRoute, "POST", "/api/users/password-reset", { body: { email: person.email }, ip: nextIp() }),
        ),
      ).toBe(202);
      const resetToken = tokenIn((await lastMailTo(person.email, "reset")).text);
      secrets.push(resetToken, "Pampushky88!");
      expect(
        await status(
          send(resetConfirmRoute, "POST", "/api/users/password-reset/confirm", {
            body: { token: resetToken, password: "Pampushky88!" },
          }),
        ),
      ).toBe(200);

      // An e-mail change, asked for and confirmed from the signed-in browser.
      const mover = await makeUser();
      const moverCookie = await signIn(mover.email);
      const newEmail = `moved-${Date.now()}@test.local`;
      expect(
        await status(
          send(profileRoute, "PUT", "/api/users/profile", {
            body: { name: mover.name, email: newEmail, currentPassword: TEST_PASSWORD },
            cookie: moverCookie,
          }),
        ),
      ).toBe(200);
      const changeToken = tokenIn((await lastMailTo(newEmail, "emailChange")).text);
      secrets.push(changeToken);
      expect(
        await status(
          send(emailConfirmRoute, "POST", "/api/users/profile/email/confirm", {
            body: { token: changeToken },
            cookie: moverCookie,
          }),
        ),
      ).toBe(200);

      // The second factor: turned on, a wrong code, a recovery code, turned off.
      const careful = await makeUser({ mfa: false });
      cookie = await signIn(careful.email);
      const enrol = await send(enrolRoute, "POST", "/api/users/profile/totp", {
        body: { currentPassword: TEST_PASSWORD },
        cookie,
      });
      expect(enrol.status).toBe(200);
      const { secret } = (await enrol.json()) as { secret: string };
      secrets.push(secret);
      const confirmCode = totpCode(secret);
      const confirmed = await send(confirmTotpRoute, "PUT", "/api/users/profile/totp", {
        body: { code: confirmCode },
        cookie,
      });
      expect(confirmed.status).toBe(200);
      const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
      secrets.push(...recoveryCodes);
      const challenge = challengeCookie(await signInResponse(careful.email, TEST_PASSWORD, nextIp()));
      secrets.push(challenge.split("=")[1]!);
      const wrongCode = (Number(confirmCode) + 1).toString().padStart(6, "0").slice(-6);
      expect(
        await status(
          send(totpLoginRoute, "POST", "/api/users/login/totp", { body: { code: wrongCode }, cookie: challenge }),
        ),
      ).toBe(400);
      const recovered = await send(totpLoginRoute, "POST", "/api/users/login/totp", {
        body: { recoveryCode: recoveryCodes[0] },
        cookie: challenge,
      });
      expect(recovered.status).toBe(200);
      const disableCode = await freshCode(careful.id, secret);
      expect(
        await status(
          send(disableTotpRoute, "DELETE", "/api/users/profile/totp", {
            body: { currentPassword: TEST_PASSWORD, code: disableCode },
            cookie,
          }),
        ),
      ).toBe(200);

      // Sign out everywhere, and an admin's action (blocking someone).
      expect(await status(send(sessionsRoute, "DELETE", "/api/users/sessions", { cookie }))).toBe(200);
      const admin = await makeUser({ isAdmin: true });
      const adminCookie = await signIn(admin.email);
      const target = await makeUser();
      expect(
        await status(
          call(
            blockUserRoute,
            apiRequest("PUT", `/api/users/admin/${target.id}/block`, { cookie: adminCookie }),
            params({ id: target.id }),
          ),
        ),
      ).toBe(200);

      // PayPal: a forged delivery, then one event delivered twice.
      const event = { id: `WH-KINDS-${Date.now()}`, event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} };
      expect(await status(webhook(event, "forged-signature"))).toBe(401);
      expect(await status(webhook(event, VALID_SIGNATURE))).toBe(200);
      expect(await status(webhook(event, VALID_SIGNATURE))).toBe(200);

      // A wrong code for claiming an imported place (mailed to the place's address).
      const place = await (
        await getPrisma()
      ).service.create({
        data: {
          role: "sto",
          source: "osm",
          claimed: false,
          ownerId: null,
          isPaid: false,
          name: "Шиномонтаж Kinds",
          contactMail: "kinds.place@example.com",
          latitude: 50.45,
          longitude: 30.52,
          address: "вул. Тестова, 2, Київ",
        },
      });
      const claimant = await signIn((await makeUser()).email);
      expect(
        await status(
          call(
            claimRoute,
            apiRequest("POST", `/api/items/${place.id}/claim`, { body: { message: "Mine" }, cookie: claimant }),
            params({ id: place.id }),
          ),
        ),
      ).toBe(201);
      const mailed = /\b(\d{6})\b/.exec((await lastMailTo("kinds.place@example.com"))?.text ?? "")![1]!;
      const wrongClaimCode = mailed === "000000" ? "111111" : "000000";
      secrets.push(mailed);
      expect(
        await status(
          call(
            claimVerifyRoute,
            apiRequest("POST", `/api/items/${place.id}/claim/verify`, {
              body: { code: wrongClaimCode },
              cookie: claimant,
            }),
            params({ id: place.id }),
          ),
        ),
      ).toBe(400);

      const rows = await (await getPrisma()).securityEvent.findMany();
      const kinds = [...new Set(rows.map((row) => row.kind))].sort();
      expect(kinds).toEqual([...SECURITY_EVENT_KINDS].sort());
      for (const row of rows) {
        expect(row.requestId, row.kind).not.toBe("");
        expect(row.ip, row.kind).not.toBe("");
      }
      const text = JSON.stringify(rows);
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain(person.email);
    },
  );
});
