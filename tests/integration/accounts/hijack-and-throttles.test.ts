import { afterEach, describe, expect, it } from "vitest";

import { POST as confirmRoute } from "@/app/api/users/confirm-email/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { POST as registerRoute } from "@/app/api/users/route";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call } from "../../helpers/request";
import { lastMailTo, mailsTo, profileStatus, tokenIn } from "../../helpers/security";
import { sessionFrom, signInResponse } from "../../helpers/sign-in";

/**
 * Sign-up and sign-in as an attacker uses them: taking over an address before its owner signs
 * up, flooding a stranger's inbox, dodging per-address limits with a forged X-Forwarded-For, and
 * locking the owner out with wrong passwords.
 */
const nextIp = addresses("10.34");
const HIS_PASSWORD = "Attacker42!";
const HER_PASSWORD = "Kovbasa42!";

const register = (body: { name: string; email: string; password: string }, ip = nextIp()) =>
  call(registerRoute, apiRequest("POST", "/api/users", { body, ip }));
const confirm = (token: string, password: string, ip = nextIp()) =>
  call(confirmRoute, apiRequest("POST", `/api/users/confirm-email?token=${token}`, { body: { password }, ip }));
const newAddress = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@test.local`;

async function userByEmail(email: string) {
  return (await getPrisma()).user.findUniqueOrThrow({ where: { emailNormalized: email.toLowerCase() } });
}

describe("pre-registration hijack", () => {
  it("her sign-up replaces his pending one: his link dies, hers needs her password, his password never signs in", async () => {
    const victim = newAddress("victim");
    expect((await register({ name: "Attacker", email: victim, password: HIS_PASSWORD })).status).toBe(201);
    const hisLink = tokenIn((await lastMailTo(victim, "confirm")).text);
    expect((await register({ name: "Victim", email: victim, password: HER_PASSWORD })).status).toBe(201);
    const herLink = tokenIn((await lastMailTo(victim, "confirm")).text);
    expect(herLink).not.toBe(hisLink);
    expect(await (await getPrisma()).user.count({ where: { emailNormalized: victim } })).toBe(1);

    const viaHisLink = await confirm(hisLink, HIS_PASSWORD);
    expect(viaHisLink.status).toBe(400);
    expect((await viaHisLink.json()).key).toBe("Auth.confirmInvalid");
    const herLinkHisPassword = await confirm(herLink, HIS_PASSWORD);
    expect(herLinkHisPassword.status).toBe(400);
    expect((await herLinkHisPassword.json()).key).toBe("Auth.confirmPasswordWrong");

    const confirmed = await confirm(herLink, HER_PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ name: "Victim", email: victim });
    expect(await profileStatus(sessionFrom(confirmed))).toBe(200);

    expect((await signInResponse(victim, HIS_PASSWORD, nextIp())).status).toBe(401);
    expect((await signInResponse(victim, HER_PASSWORD, nextIp())).status).toBe(200);
  });

  it("a confirmation with the wrong password is 400 Auth.confirmPasswordWrong and leaves the account unconfirmed", async () => {
    const email = newAddress("pending");
    await register({ name: "Pending Person", email, password: HER_PASSWORD });
    const link = tokenIn((await lastMailTo(email, "confirm")).text);
    const wrong = await confirm(link, "Guess123!");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).key).toBe("Auth.confirmPasswordWrong");
    expect(wrong.headers.getSetCookie().some((cookie) => cookie.startsWith("maister.session="))).toBe(false);
    expect((await userByEmail(email)).emailVerifiedAt).toBeNull();
    // The link itself is not spent by a wrong guess: its owner can still use it.
    expect((await confirm(link, HER_PASSWORD)).status).toBe(200);
  });

  it("unsolicited confirmation: the owner clicking the attacker's link cannot confirm his account for him", async () => {
    const victim = newAddress("unsolicited");
    await register({ name: "Attacker", email: victim, password: HIS_PASSWORD });
    const hisLink = tokenIn((await lastMailTo(victim, "confirm")).text);
    // She opens the mail and types the password she would use; she does not know his.
    expect((await confirm(hisLink, HER_PASSWORD)).status).toBe(400);
    expect((await userByEmail(victim)).emailVerifiedAt).toBeNull();
    const his = await signInResponse(victim, HIS_PASSWORD, nextIp());
    expect(his.status).toBe(403);
    expect((await his.json()).key).toBe("Auth.unconfirmed");
  });

  it("guessing the sign-up password on the confirmation page is slowed down like a sign-in", async () => {
    const victim = newAddress("guessed");
    await register({ name: "Attacker", email: victim, password: HIS_PASSWORD });
    const link = tokenIn((await lastMailTo(victim, "confirm")).text);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await confirm(link, `Guess${i}23!`, ip)).status);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses.slice(3)).toContain(429);
  });

  it("an attacker who keeps re-registering cannot win: the reset link still gives the account to the mailbox", async () => {
    const victim = newAddress("contest");
    await register({ name: "Victim", email: victim, password: HER_PASSWORD });
    await register({ name: "Attacker", email: victim, password: HIS_PASSWORD });
    const hisLink = tokenIn((await lastMailTo(victim, "confirm")).text);

    // She cannot confirm his sign-up, so she asks for a reset; the link goes to her mailbox only.
    expect(
      (
        await call(
          resetRequestRoute,
          apiRequest("POST", "/api/users/password-reset", { body: { email: victim }, ip: nextIp() }),
        )
      ).status,
    ).toBe(202);
    const reset = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", {
        body: { token: tokenIn((await lastMailTo(victim, "reset")).text), password: HER_PASSWORD },
      }),
    );
    expect(reset.status).toBe(200);
    expect((await userByEmail(victim)).emailVerifiedAt).not.toBeNull();
    // His pending link died with the reset, and his password is gone.
    expect((await confirm(hisLink, HIS_PASSWORD)).status).toBe(400);
    expect((await signInResponse(victim, HIS_PASSWORD, nextIp())).status).toBe(401);
    // And a sign-up now, the account being confirmed, cannot replace her password.
    await register({ name: "Attacker", email: victim, password: HIS_PASSWORD });
    expect((await signInResponse(victim, HER_PASSWORD, nextIp())).status).toBe(200);
    expect((await lastMailTo(victim)).kind).toBe("existing");
  });
});

describe("the sign-up form cannot mail-bomb an address", () => {
  it("four sign-ups for an existing account from four addresses: three notices, one answer", async () => {
    const owner = await makeUser();
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await register({ name: "Bomber", email: owner.email, password: HIS_PASSWORD }));
    expect(answers.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(await Promise.all(answers.map((response) => response.text()))).size).toBe(1);
    expect(await mailsTo(owner.email, "existing")).toHaveLength(3);
  });

  it("four sign-ups for a pending address: three confirmation mails", async () => {
    const email = newAddress("bombed");
    for (let i = 0; i < 4; i++)
      expect((await register({ name: "Bomber", email, password: HIS_PASSWORD })).status).toBe(201);
    expect(await mailsTo(email, "confirm")).toHaveLength(3);
  });
});

describe("the client address comes from trusted hops only", () => {
  const savedHops = process.env.TRUSTED_PROXY_HOPS;
  afterEach(() => setEnv({ TRUSTED_PROXY_HOPS: savedHops }));

  it("one hop: whatever the client wrote on the left is ignored; the entry our proxy added counts", async () => {
    const real = "10.99.0.5";
    for (let i = 0; i < 10; i++) {
      const forged = `${i + 1}.${i + 2}.${i + 3}.${i + 4}, ${real}`;
      expect(
        (await register({ name: "Sprayer", email: newAddress("spray"), password: HIS_PASSWORD }, forged)).status,
        forged,
      ).toBe(201);
    }
    const eleventh = await register(
      { name: "Sprayer", email: newAddress("spray"), password: HIS_PASSWORD },
      `203.0.113.77, ${real}`,
    );
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same forged left part from a different real address is a different client.
    expect(
      (
        await register(
          { name: "Sprayer", email: newAddress("spray"), password: HIS_PASSWORD },
          `203.0.113.77, 10.99.0.6`,
        )
      ).status,
    ).toBe(201);
  });

  it("no trusted hops: the header is ignored entirely, every request is one address", async () => {
    setEnv({ TRUSTED_PROXY_HOPS: "0" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await register({ name: "Sprayer", email: newAddress("direct"), password: HIS_PASSWORD }, `10.98.${i}.1`))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    const prisma = await getPrisma();
    expect(await prisma.throttle.findUnique({ where: { key: "register:direct" } })).toMatchObject({ points: 11 });
    expect(await prisma.throttle.count({ where: { key: { startsWith: "register:10.98." } } })).toBe(0);
  });

  it("an X-Forwarded-For of 5,000 characters is never a 500, and its key stays short", async () => {
    const long = `${"9".repeat(4990)}, ${"x".repeat(5000)}`;
    const huge = [
      "1.1.1.1, " + "a".repeat(5000),
      long,
      ",".repeat(5000),
      " ".repeat(4000) + "1.2.3.4",
      "1.1.1.1" + ", 2.2.2.2".repeat(600),
    ];
    for (const header of huge) {
      const responses = [
        await register({ name: "Long Header", email: newAddress("long"), password: HIS_PASSWORD }, header),
        await signInResponse(newAddress("long"), HIS_PASSWORD, header),
        await call(
          resetRequestRoute,
          apiRequest("POST", "/api/users/password-reset", { body: { email: newAddress("long") }, ip: header }),
        ),
      ];
      for (const response of responses) expect(response.status, header.slice(0, 30)).toBeLessThan(500);
    }
    const keys = await (await getPrisma()).throttle.findMany({ select: { key: true } });
    expect(Math.max(...keys.map(({ key }) => key.length))).toBeLessThanOrEqual(200);
  });
});

describe("wrong passwords cannot lock the owner out", () => {
  it(
    "20 wrong passwords for the admin from one address slow that address down; the admin elsewhere signs in at once",
    { timeout: 60_000 },
    async () => {
      const admin = await makeUser({ isAdmin: true });
      const attacker = nextIp();
      let attempts = 0;
      const guess = async () => {
        attempts++;
        const response = await signInResponse(admin.email, `Wrong${attempts}23!`, attacker);
        return { status: response.status, retryAfter: Number(response.headers.get("retry-after")) };
      };
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      // Three free failures, then the pair waits 1 s, 2 s, 4 s … and is answered 429 meanwhile.
      expect([await guess(), await guess(), await guess()].map(({ status }) => status)).toEqual([401, 401, 401]);
      expect(await guess()).toEqual({ status: 429, retryAfter: 1 });
      await pause(1100);
      expect((await guess()).status).toBe(401);
      expect(await guess()).toEqual({ status: 429, retryAfter: 2 });
      await pause(2100);
      expect((await guess()).status).toBe(401);
      expect(await guess()).toEqual({ status: 429, retryAfter: 4 });
      while (attempts < 20) expect((await guess()).status).toBe(429);

      // The owner, from an address that has not been failing, is not affected at all.
      expect((await signInResponse(admin.email, TEST_PASSWORD, nextIp())).status).toBe(200);

      // From the attacker's address even the right password waits: the delay does not look at the password.
      const fromAttacker = await signInResponse(admin.email, TEST_PASSWORD, attacker);
      expect(fromAttacker.status).toBe(429);
      expect((await fromAttacker.json()).key).toBe("Auth.tooManyAttempts");
      expect(Number(fromAttacker.headers.get("retry-after"))).toBeGreaterThan(0);
    },
  );

  it("wrong passwords from five addresses do not lock the owner out either", async () => {
    const user = await makeUser();
    for (let a = 0; a < 5; a++) {
      const ip = nextIp();
      for (let i = 0; i < 4; i++) await signInResponse(user.email, `Wrong${i}23!`, ip);
    }
    expect((await signInResponse(user.email, TEST_PASSWORD, nextIp())).status).toBe(200);
  });

  it("the right password after two failures signs in and clears the count", async () => {
    const user = await makeUser();
    const ip = nextIp();
    expect((await signInResponse(user.email, "Wrong123!", ip)).status).toBe(401);
    expect((await signInResponse(user.email, "Wrong223!", ip)).status).toBe(401);
    expect((await signInResponse(user.email, TEST_PASSWORD, ip)).status).toBe(200);
    // Were the two failures still counted, the next failure would be the third and the one after it would wait.
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await signInResponse(user.email, `Again${i}23!`, ip)).status);
    expect(after).toEqual([401, 401, 401]);
  });

  it("one address trying many accounts is capped at 50 attempts an hour, known account or not", async () => {
    const ip = nextIp();
    const user = await makeUser();
    for (let i = 0; i < 50; i++)
      expect((await signInResponse(newAddress(`spray${i}`), "Wrong123!", ip)).status).toBe(401);
    const capped = await signInResponse(user.email, TEST_PASSWORD, ip);
    expect(capped.status).toBe(429);
    expect((await signInResponse(user.email, TEST_PASSWORD, nextIp())).status).toBe(200);
  });
});
