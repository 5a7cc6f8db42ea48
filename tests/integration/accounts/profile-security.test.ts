import { describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { DELETE as deleteUserRoute, PUT as updateUserRoute } from "@/app/api/users/[id]/route";
import { PUT as blockUserRoute } from "@/app/api/users/admin/[id]/block/route";
import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { POST as emailConfirmRoute } from "@/app/api/users/profile/email/confirm/route";
import { GET as exportRoute } from "@/app/api/users/profile/export/route";
import { DELETE as deleteProfileRoute, PUT as profileRoute } from "@/app/api/users/profile/route";
import { POST as registerRoute } from "@/app/api/users/route";
import { hashSessionToken } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call, makeRequest, params } from "../../helpers/request";
import { lastMailTo, mailsTo, profileStatus, tokenIn } from "../../helpers/security";
import { sessionFrom, setSessionValue, signIn, signInResponse } from "../../helpers/sign-in";

/**
 * What a borrowed or stolen session can do to an account: without the current password, nothing
 * that locks the owner out (password, e-mail, deletion); with it, an e-mail change still needs the
 * new mailbox. And admins cannot, even racing each other, leave the site without one.
 */
const nextIp = addresses("10.33");
const NEW_PASSWORD = "Kovbasa42!";

const putProfile = (cookie: string, body: unknown) =>
  call(profileRoute, apiRequest("PUT", "/api/users/profile", { cookie, body }));
const deleteProfile = (cookie: string, body: unknown) =>
  call(deleteProfileRoute, apiRequest("DELETE", "/api/users/profile", { cookie, body }));
// Opened signed out: the link and the account's password (email-change.test.ts has the other ways).
const confirmEmailChange = (token: unknown) =>
  call(
    emailConfirmRoute,
    apiRequest("POST", "/api/users/profile/email/confirm", { body: { token, currentPassword: TEST_PASSWORD } }),
  );

async function signedInUser(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(overrides);
  return { user, cookie: await signIn(user.email) };
}

async function passwordHashOf(userId: string) {
  return (await (await getPrisma()).user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;
}

describe("changing the password needs the current one", () => {
  it("without it: 400 on currentPassword, and the password stays", async () => {
    const { user, cookie } = await signedInUser();
    const before = await passwordHashOf(user.id);
    for (const currentPassword of [undefined, ""]) {
      const response = await putProfile(cookie, { password: NEW_PASSWORD, currentPassword });
      expect(response.status).toBe(400);
      expect((await response.json()).errors.currentPassword.key).toBe("Validation.currentPasswordRequired");
    }
    expect(await passwordHashOf(user.id)).toBe(before);
  });

  it("with a wrong one: 400 Auth.currentPasswordWrong, translated, and the password stays", async () => {
    const { user, cookie } = await signedInUser();
    const before = await passwordHashOf(user.id);
    const response = await call(
      profileRoute,
      apiRequest("PUT", "/api/users/profile?lng=ua", {
        cookie,
        body: { password: NEW_PASSWORD, currentPassword: "Wrong123!" },
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.currentPassword.key).toBe("Auth.currentPasswordWrong");
    expect(body.errors.currentPassword.message).toMatch(/[А-Яа-яІіЇї]/);
    expect(await passwordHashOf(user.id)).toBe(before);
    expect(setSessionValue(response)).toBeNull();
  });

  it("a new password voids every link mailed before it: pending e-mail changes and reset links", async () => {
    const { user, cookie } = await signedInUser();
    const intruder = await signIn(user.email);
    const his = `intruder-${Date.now()}@test.local`;
    expect((await putProfile(intruder, { email: his, currentPassword: TEST_PASSWORD })).status).toBe(200);
    const changeToken = tokenIn((await lastMailTo(his, "emailChange")).text);
    // A reset link he had requested while he could read her mail.
    await call(
      resetRequestRoute,
      apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp() }),
    );
    const resetToken = tokenIn((await lastMailTo(user.email, "reset")).text);

    // She notices and changes her password, which is how she locks him out.
    const changed = await putProfile(cookie, { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);

    expect((await confirmEmailChange(changeToken)).status).toBe(400);
    const reset = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", {
        body: { token: resetToken, password: "Zlodii-2026!" },
      }),
    );
    expect(reset.status).toBe(400);
    expect((await reset.json()).key).toBe("Auth.resetInvalid");
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect((await signInResponse(user.email, NEW_PASSWORD, nextIp())).status).toBe(200);
  });

  it("a stolen session is no password oracle: after 5 wrong guesses even the right one is refused with 429", async () => {
    const { user, cookie } = await signedInUser();
    for (let i = 0; i < 5; i++) {
      expect(
        (await putProfile(cookie, { password: NEW_PASSWORD, currentPassword: `Wrong${i}23!` })).status,
        `guess ${i + 1}`,
      ).toBe(400);
    }
    const locked = await putProfile(cookie, { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Counted per account: a second session of the same user is refused as well.
    const other = await signIn(user.email);
    expect((await deleteProfile(other, { currentPassword: TEST_PASSWORD })).status).toBe(429);
    expect((await signInResponse(user.email, TEST_PASSWORD, nextIp())).status).toBe(200);
  });
});

describe("changing the e-mail", () => {
  it("needs the current password", async () => {
    const { user, cookie } = await signedInUser();
    const newEmail = `nopass-${Date.now()}@test.local`;
    const response = await putProfile(cookie, { email: newEmail });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.currentPassword.key).toBe("Validation.currentPasswordRequired");
    expect(await mailsTo(newEmail)).toEqual([]);
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("takes effect only when the link mailed to the new address is opened; the old address is told at once", async () => {
    const { user, cookie } = await signedInUser({ name: "Mover Person" });
    const newEmail = `Moved-${Date.now()}@Test.local`;
    const asked = await putProfile(cookie, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ email: user.email, emailPending: newEmail });
    const prisma = await getPrisma();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    // Until then the old address still signs in and the new one does not.
    expect((await signInResponse(newEmail, TEST_PASSWORD, nextIp())).status).toBe(401);

    const notice = await lastMailTo(user.email, "emailChangeNotice");
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/token=/);
    const link = await lastMailTo(newEmail, "emailChange");
    expect(link.text).toMatch(/\/confirm-email-change\?token=/);

    const confirmed = await confirmEmailChange(tokenIn(link.text));
    expect(confirmed.status).toBe(200);
    // Confirmed with the password from a browser signed in to nobody: it has no cookie to clear.
    expect(setSessionValue(confirmed)).toBeNull();
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      email: newEmail,
      emailNormalized: newEmail.toLowerCase(),
    });
    expect(await profileStatus(cookie)).toBe(401);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await lastMailTo(user.email, "emailChanged")).text).toContain(newEmail);

    expect((await signInResponse(user.email, TEST_PASSWORD, nextIp())).status).toBe(401);
    expect((await signInResponse(newEmail.toLowerCase(), TEST_PASSWORD, nextIp())).status).toBe(200);
  });

  it("once the address has changed, reset links mailed to the old address are void", async () => {
    const { user, cookie } = await signedInUser();
    // Someone who can read the old mailbox asks for a reset link and keeps it.
    await call(
      resetRequestRoute,
      apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp() }),
    );
    const oldMailboxLink = tokenIn((await lastMailTo(user.email, "reset")).text);
    // The owner moves the account to a new mailbox, to shut the old one out.
    const fresh = `fresh-${Date.now()}@test.local`;
    await putProfile(cookie, { email: fresh, currentPassword: TEST_PASSWORD });
    expect((await confirmEmailChange(tokenIn((await lastMailTo(fresh, "emailChange")).text))).status).toBe(200);

    const reset = await call(
      resetConfirmRoute,
      apiRequest("POST", "/api/users/password-reset/confirm", {
        body: { token: oldMailboxLink, password: "Zlodii-2026!" },
      }),
    );
    expect(reset.status).toBe(400);
    expect((await reset.json()).key).toBe("Auth.resetInvalid");
    expect((await signInResponse(fresh, TEST_PASSWORD, nextIp())).status).toBe(200);
  });

  it("the link works once", async () => {
    const { cookie } = await signedInUser();
    const newEmail = `once-${Date.now()}@test.local`;
    await putProfile(cookie, { email: newEmail, currentPassword: TEST_PASSWORD });
    const token = tokenIn((await lastMailTo(newEmail, "emailChange")).text);
    expect((await confirmEmailChange(token)).status).toBe(200);
    const again = await confirmEmailChange(token);
    expect(again.status).toBe(400);
    expect((await again.json()).key).toBe("Auth.emailChangeInvalid");
  });

  it("a second request voids the first link, so an address typed by mistake can be taken back", async () => {
    const { user, cookie } = await signedInUser();
    const typo = `typo-${Date.now()}@test.local`;
    const meant = `meant-${Date.now()}@test.local`;
    await putProfile(cookie, { email: typo, currentPassword: TEST_PASSWORD });
    await putProfile(cookie, { email: meant, currentPassword: TEST_PASSWORD });
    expect((await confirmEmailChange(tokenIn((await lastMailTo(typo, "emailChange")).text))).status).toBe(400);
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect((await confirmEmailChange(tokenIn((await lastMailTo(meant, "emailChange")).text))).status).toBe(200);
  });

  it("an address taken by someone else meanwhile is a 400, not a 500, and nothing changes", async () => {
    const { user, cookie } = await signedInUser();
    const contested = `contested-${Date.now()}@test.local`;
    await putProfile(cookie, { email: contested, currentPassword: TEST_PASSWORD });
    const token = tokenIn((await lastMailTo(contested, "emailChange")).text);
    await makeUser({ email: contested });

    const response = await confirmEmailChange(token);
    expect(response.status).toBe(400);
    expect((await response.json()).key).toBe("Auth.emailTaken");
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect(await profileStatus(cookie)).toBe(200);
  });

  it("two accounts confirming the same new address at once: one gets it, the other a 400, never a 500", async () => {
    const contested = `raced-${Date.now()}@test.local`;
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { cookie } = await signedInUser();
      expect((await putProfile(cookie, { email: contested, currentPassword: TEST_PASSWORD })).status).toBe(200);
    }
    for (const mail of await mailsTo(contested, "emailChange")) tokens.push(tokenIn(mail.text));
    expect(tokens).toHaveLength(2);
    // On PostgreSQL both pass the "taken?" check before either writes; the unique index decides.
    const responses = await Promise.all(tokens.map((token) => confirmEmailChange(token)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    expect(await (await getPrisma()).user.count({ where: { emailNormalized: contested } })).toBe(1);
  });

  it("cannot mail-bomb a stranger: at most 3 links an hour to one address, whichever accounts ask", async () => {
    const stranger = `stranger-${Date.now()}@test.local`;
    const first = await signedInUser();
    const second = await signedInUser();
    const statuses = [];
    for (const cookie of [first.cookie, first.cookie, second.cookie, second.cookie, first.cookie]) {
      statuses.push((await putProfile(cookie, { email: stranger, currentPassword: TEST_PASSWORD })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await mailsTo(stranger)).toHaveLength(3);
    // Another address is not affected.
    expect(
      (await putProfile(first.cookie, { email: `own-${Date.now()}@test.local`, currentPassword: TEST_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it("refuses junk tokens with a 400", async () => {
    for (const token of [undefined, null, "", "short", "A".repeat(43), 5, ["x"], { $ne: null }, "x".repeat(10_000)]) {
      expect((await confirmEmailChange(token)).status, JSON.stringify(token)?.slice(0, 40)).toBe(400);
    }
  });
});

describe("deleting one's own account", () => {
  it("refuses without the right password and deletes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const wrong = await deleteProfile(cookie, { currentPassword: "Wrong123!" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword.key).toBe("Auth.currentPasswordWrong");
    const missing = await deleteProfile(cookie, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.currentPassword.key).toBe("Validation.currentPasswordRequired");
    expect(
      (
        await call(
          deleteProfileRoute,
          apiRequest("DELETE", "/api/users/profile", { body: { currentPassword: TEST_PASSWORD } }),
        )
      ).status,
    ).toBe(401);
    expect(await (await getPrisma()).user.count({ where: { id: user.id } })).toBe(1);
    expect(await profileStatus(cookie)).toBe(200);
  });

  it("with it: the user is gone, the cookie cleared, their reviews gone and the ratings they touched recomputed", async () => {
    const prisma = await getPrisma();
    const { user, cookie } = await signedInUser();
    const fan = await signedInUser();
    const station = await makeService({ name: "Reviewed Station" });
    const review = (reviewer: string, score: number) =>
      call(
        reviewRoute,
        apiRequest("POST", `/api/items/${station.id}/reviews`, {
          cookie: reviewer,
          body: { rating: { quality: score, speed: score, price: score }, comment: "ok" },
        }),
        params({ id: station.id }),
      );
    expect((await review(cookie, 1)).status).toBe(201);
    expect((await review(fan.cookie, 5)).status).toBe(201);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: station.id } })).toMatchObject({
      numReviews: 2,
      ratingAvg: 3,
    });
    const unpaid = await makeService({ ownerId: user.id, isPaid: false });

    const response = await deleteProfile(cookie, { currentPassword: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(setSessionValue(response)).toBe("");
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await prisma.review.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.service.count({ where: { id: unpaid.id } })).toBe(0);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: station.id } })).toMatchObject({
      numReviews: 1,
      ratingAvg: 5,
      qualityAvg: 5,
    });
    expect(await profileStatus(cookie)).toBe(401);
    expect((await signInResponse(user.email, TEST_PASSWORD, nextIp())).status).toBe(401);
    expect(await prisma.auditLog.count({ where: { targetId: user.id, action: "user.selfDelete" } })).toBe(1);
  });

  it("a paid station is archived, not destroyed: the user becomes a tombstone and the payment stays", async () => {
    const prisma = await getPrisma();
    const { user, cookie } = await signedInUser({ mfa: true });
    await prisma.recoveryCode.create({
      data: { userId: user.id, codeHash: `r${"0".repeat(27)}${crypto.randomUUID()}` },
    });
    const station = await makeService({ ownerId: user.id, isPaid: true, name: "Paid And Kept" });
    const payment = await prisma.payment.create({
      data: {
        serviceId: station.id,
        userId: user.id,
        serviceName: station.name,
        payerEmail: user.email,
        amount: "3.00",
        currency: "USD",
        provider: "test",
        requestId: crypto.randomUUID(),
        status: "captured",
      },
    });

    expect((await deleteProfile(cookie, { currentPassword: TEST_PASSWORD })).status).toBe(200);
    const tombstone = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(tombstone).toMatchObject({ name: "Deleted user", isBlocked: true, isAdmin: false, passwordHash: "!" });
    expect(tombstone.email).not.toBe(user.email);
    expect(tombstone.email).toMatch(/@deleted\.invalid$/);
    // Nothing that signs in stays behind: the second factor's secret and recovery codes go too.
    expect(tombstone).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: station.id } })).toMatchObject({
      isPaid: true,
      isBlocked: true,
      ownerId: user.id,
    });
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      serviceId: station.id,
      userId: user.id,
      status: "captured",
    });
    expect(await profileStatus(cookie)).toBe(401);

    // The address is free again: signing up with it gets a confirmation link, not "you already have an account".
    const registered = await call(
      registerRoute,
      apiRequest("POST", "/api/users", {
        body: { name: "Came Back", email: user.email, password: NEW_PASSWORD },
        ip: nextIp(),
      }),
    );
    expect(registered.status).toBe(201);
    expect((await lastMailTo(user.email)).kind).toBe("confirm");
  });
});

describe("exporting one's data", () => {
  it("refuses visitors", async () => {
    expect((await call(exportRoute, makeRequest("/api/users/profile/export"))).status).toBe(401);
  });

  it("returns the user's profile, services, reviews, payments, sessions and images, with no hash, token or other person in it", async () => {
    const prisma = await getPrisma();
    const { user, cookie } = await signedInUser({ name: "Export Person" });
    const station = await makeService({ ownerId: user.id, name: "Exported Station" });
    const elsewhere = await makeService({ name: "Reviewed Elsewhere" });
    await prisma.review.create({
      data: {
        userId: user.id,
        serviceId: elsewhere.id,
        quality: 4,
        speed: 4,
        price: 4,
        avg: 4,
        comment: "my own words",
      },
    });
    const stranger = await makeUser({ name: "Stranger Reviewer" });
    await prisma.review.create({
      data: {
        userId: stranger.id,
        serviceId: station.id,
        quality: 1,
        speed: 1,
        price: 1,
        avg: 1,
        comment: "stranger words",
      },
    });
    await prisma.payment.create({
      data: {
        serviceId: station.id,
        userId: user.id,
        serviceName: station.name,
        payerEmail: user.email,
        amount: "3.00",
        currency: "USD",
        provider: "test",
        requestId: "request-id-not-for-export",
        status: "captured",
        providerResponse: { payer: "provider-secret-detail" },
      },
    });
    const image = await prisma.image.create({
      data: {
        bytes: new Uint8Array([137, 80, 78, 71]),
        contentType: "image/png",
        size: 4,
        sha256: "f".repeat(64),
        ownerId: user.id,
      },
    });
    await prisma.emailToken.create({
      data: {
        userId: user.id,
        purpose: "password_reset",
        tokenHash: "e".repeat(64),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });

    const response = await call(exportRoute, makeRequest("/api/users/profile/export", { headers: { cookie } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: user.id, name: "Export Person", email: user.email });
    expect(data.services.map((service: { name: string }) => service.name)).toEqual(["Exported Station"]);
    expect(data.services[0].openingHours.length).toBeGreaterThan(0);
    expect(data.reviews).toEqual([
      expect.objectContaining({ comment: "my own words", serviceName: "Reviewed Elsewhere" }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ serviceName: "Exported Station", amount: "3", status: "captured" }),
    ]);
    expect(data.profile.sessions).toHaveLength(1);
    expect(data.images).toEqual([
      expect.objectContaining({ url: `/api/uploads/${image.id}`, contentType: "image/png" }),
    ]);

    const sessionToken = cookie.slice("maister.session=".length);
    for (const secret of [
      "passwordHash",
      "tokenHash",
      "$argon2",
      user.passwordHash,
      sessionToken,
      hashSessionToken(sessionToken),
      "e".repeat(64),
      "f".repeat(64),
      "provider-secret-detail",
      "request-id-not-for-export",
      "Stranger Reviewer",
      "stranger words",
      stranger.email,
    ]) {
      expect(text, `export must not contain ${secret.slice(0, 20)}`).not.toContain(secret);
    }
  });

  it("never exports someone else's account, whatever the query says", async () => {
    const { cookie } = await signedInUser();
    const other = await makeUser({ name: "Someone Else Entirely" });
    const text = await (
      await call(
        exportRoute,
        makeRequest(`/api/users/profile/export?id=${other.id}&userId=${other.id}`, { headers: { cookie } }),
      )
    ).text();
    expect(text).not.toContain(other.id);
    expect(text).not.toContain("Someone Else Entirely");
  });
});

describe("the site always keeps an active admin", () => {
  /** Leaves exactly these users as admins, so each case starts from a known count. */
  async function onlyAdmins(...ids: string[]) {
    await (
      await getPrisma()
    ).user.updateMany({ where: { isAdmin: true, id: { notIn: ids } }, data: { isAdmin: false } });
  }
  async function activeAdmins() {
    return (await getPrisma()).user.count({ where: { isAdmin: true, isBlocked: false } });
  }
  /**
   * Two active admins and a blocked one: were blocked admins counted, both sides of each race
   * below would see "another admin remains" and the site would be left with none active.
   */
  async function twoAdmins() {
    const a = await signedInUser({ isAdmin: true });
    const b = await signedInUser({ isAdmin: true });
    const blocked = await makeUser({ isAdmin: true, isBlocked: true });
    await onlyAdmins(a.user.id, b.user.id, blocked.id);
    return { a, b };
  }
  async function statusesAndKeys(responses: Response[]) {
    return Promise.all(
      responses.map(
        async (response) => [response.status, response.status === 200 ? "ok" : (await response.json()).key] as const,
      ),
    );
  }

  it("the last active admin cannot delete their own account; blocked admins do not count", async () => {
    const { user, cookie } = await signedInUser({ isAdmin: true });
    const blockedAdmin = await makeUser({ isAdmin: true, isBlocked: true });
    await onlyAdmins(user.id, blockedAdmin.id);

    const response = await deleteProfile(cookie, { currentPassword: TEST_PASSWORD });
    expect(response.status).toBe(409);
    expect((await response.json()).key).toBe("Admin.lastAdmin");
    expect(await (await getPrisma()).user.count({ where: { id: user.id } })).toBe(1);
    expect(await profileStatus(cookie)).toBe(200);

    // With a second active admin, the same request goes through.
    await makeUser({ isAdmin: true });
    expect((await deleteProfile(cookie, { currentPassword: TEST_PASSWORD })).status).toBe(200);
  });

  it("two admins demoting each other at once: one wins, the other gets 409, one admin is left", async () => {
    const { a, b } = await twoAdmins();
    const demote = (actor: string, target: string) =>
      call(
        updateUserRoute,
        apiRequest("PUT", `/api/users/${target}`, { cookie: actor, body: { isAdmin: "false" } }),
        params({ id: target }),
      );
    const results = await statusesAndKeys(
      await Promise.all([demote(a.cookie, b.user.id), demote(b.cookie, a.user.id)]),
    );
    expect([...results].sort()).toEqual([
      [200, "ok"],
      [409, "Admin.lastAdmin"],
    ]);
    expect(await activeAdmins()).toBe(1);
  });

  it("two admins blocking each other at once: one wins, the other gets 409, one admin is left", async () => {
    const { a, b } = await twoAdmins();
    const block = (actor: string, target: string) =>
      call(
        blockUserRoute,
        apiRequest("PUT", `/api/users/admin/${target}/block`, { cookie: actor }),
        params({ id: target }),
      );
    const results = await statusesAndKeys(await Promise.all([block(a.cookie, b.user.id), block(b.cookie, a.user.id)]));
    expect([...results].sort()).toEqual([
      [200, "ok"],
      [409, "Admin.lastAdmin"],
    ]);
    expect(await activeAdmins()).toBe(1);
  });

  it("two admins deleting each other at once: one wins, the other gets 409, one admin is left", async () => {
    const { a, b } = await twoAdmins();
    const remove = (actor: string, target: string) =>
      call(deleteUserRoute, apiRequest("DELETE", `/api/users/${target}`, { cookie: actor }), params({ id: target }));
    const results = await statusesAndKeys(
      await Promise.all([remove(a.cookie, b.user.id), remove(b.cookie, a.user.id)]),
    );
    expect([...results].sort()).toEqual([
      [200, "ok"],
      [409, "Admin.lastAdmin"],
    ]);
    expect(await activeAdmins()).toBe(1);
    expect(await (await getPrisma()).user.count({ where: { id: { in: [a.user.id, b.user.id] } } })).toBe(1);
  });

  it("two admins deleting their own accounts at once: one goes, the other gets 409", async () => {
    const { a, b } = await twoAdmins();
    const results = await statusesAndKeys(
      await Promise.all([
        deleteProfile(a.cookie, { currentPassword: TEST_PASSWORD }),
        deleteProfile(b.cookie, { currentPassword: TEST_PASSWORD }),
      ]),
    );
    expect([...results].sort()).toEqual([
      [200, "ok"],
      [409, "Admin.lastAdmin"],
    ]);
    expect(await activeAdmins()).toBe(1);
  });

  it("the last admin's own password change is not refused (nothing is taken away)", async () => {
    const { user, cookie } = await signedInUser({ isAdmin: true });
    await onlyAdmins(user.id);
    const changed = await putProfile(cookie, { password: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    expect(await profileStatus(sessionFrom(changed))).toBe(200);
  });
});
