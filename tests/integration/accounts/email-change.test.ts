import { describe, expect, it } from "vitest";

import { POST as emailConfirmRoute } from "@/app/api/users/profile/email/confirm/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { apiRequest, call } from "../../helpers/request";
import { lastMailTo, mailsTo, tokenIn } from "../../helpers/security";
import { signIn } from "../../helpers/sign-in";

/**
 * The link mailed to a new address is half of the proof: whoever opens it must also be the
 * account's owner (its password, or a session of that account). And asking for a change tells
 * nobody whether the new address already belongs to someone.
 */
const putProfile = (cookie: string, body: unknown, path = "/api/users/profile") =>
  call(profileRoute, apiRequest("PUT", path, { cookie, body }));
const confirm = (body: unknown, cookie?: string, path = "/api/users/profile/email/confirm") =>
  call(emailConfirmRoute, apiRequest("POST", path, { body, cookie }));

async function signedInUser(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(overrides);
  return { user, cookie: await signIn(user.email) };
}

async function emailOf(userId: string) {
  return (await (await getPrisma()).user.findUniqueOrThrow({ where: { id: userId } })).email;
}

async function pendingChange(newEmail: string) {
  const { user, cookie } = await signedInUser();
  expect((await putProfile(cookie, { email: newEmail, currentPassword: TEST_PASSWORD })).status).toBe(200);
  return { user, cookie, token: tokenIn((await lastMailTo(newEmail, "emailChange")).text) };
}

describe("confirming an e-mail change needs the account's owner, not only the link", () => {
  it("the link alone, opened by someone signed out, changes nothing", async () => {
    const newEmail = `alone-${Date.now()}@test.local`;
    const { user, token } = await pendingChange(newEmail);
    const response = await confirm({ token });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.currentPassword.key).toBe("Validation.currentPasswordRequired");
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("a signed-in session of another account is no proof either", async () => {
    const newEmail = `other-${Date.now()}@test.local`;
    const { user, token } = await pendingChange(newEmail);
    const stranger = await signedInUser();
    expect((await confirm({ token }, stranger.cookie)).status).toBe(400);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(stranger.user.id)).toBe(stranger.user.email);
  });

  it("another account's browser that gives the owner's password changes the owner's address and stays signed in itself", async () => {
    const newEmail = `helper-${Date.now()}@test.local`;
    const { user, token } = await pendingChange(newEmail);
    const helper = await signedInUser();
    const response = await confirm({ token, currentPassword: TEST_PASSWORD }, helper.cookie);
    expect(response.status).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/maister|session/i);
  });

  it("the owner's own browser is signed out with every other session of the account", async () => {
    const newEmail = `own-${Date.now()}@test.local`;
    const { cookie, token } = await pendingChange(newEmail);
    const response = await confirm({ token }, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/Max-Age=0/i);
  });

  it("a wrong password is a translated 400, and the link still works afterwards with the right one", async () => {
    const newEmail = `wrong-${Date.now()}@test.local`;
    const { user, token } = await pendingChange(newEmail);
    const wrong = await confirm(
      { token, currentPassword: "Wrong-Guess-7!" },
      undefined,
      "/api/users/profile/email/confirm?lng=ua",
    );
    expect(wrong.status).toBe(400);
    const body = await wrong.json();
    expect(body.errors.currentPassword.key).toBe("Auth.currentPasswordWrong");
    expect(body.errors.currentPassword.message).toMatch(/[А-Яа-яІіЇї]/);
    expect(await emailOf(user.id)).toBe(user.email);

    const right = await confirm({ token, currentPassword: TEST_PASSWORD });
    expect(right.status).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);
  });

  it("wrong passwords are limited per account: after 5, even the right one waits (429)", async () => {
    const newEmail = `guess-${Date.now()}@test.local`;
    const { user, token } = await pendingChange(newEmail);
    for (let i = 0; i < 5; i++)
      expect((await confirm({ token, currentPassword: `Guess-${i}-Wrong!` })).status, `guess ${i + 1}`).toBe(400);
    const locked = await confirm({ token, currentPassword: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("the owner signed in on this browser confirms without typing the password", async () => {
    const newEmail = `session-${Date.now()}@test.local`;
    const { user, cookie, token } = await pendingChange(newEmail);
    const response = await confirm({ token }, cookie);
    expect(response.status).toBe(200);
    expect(await emailOf(user.id)).toBe(newEmail);
  });

  it("an invalid link says so before asking for a password", async () => {
    const response = await confirm({ token: "A".repeat(43), currentPassword: TEST_PASSWORD });
    expect(response.status).toBe(400);
    expect((await response.json()).key).toBe("Auth.emailChangeInvalid");
  });

  it("is recorded in the security log, asked and done", async () => {
    const newEmail = `logged-${Date.now()}@test.local`;
    const { user, token } = await pendingChange(newEmail);
    expect((await confirm({ token, currentPassword: TEST_PASSWORD })).status).toBe(200);
    const kinds = (
      await (await getPrisma()).securityEvent.findMany({ where: { userId: user.id }, select: { kind: true } })
    ).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["email.changeRequested", "email.changed"]));
  });
});

describe("asking for an e-mail change does not tell whether the address is registered", () => {
  it("a taken address gets the same answer as a free one; its owner is told instead, in their language", async () => {
    const owner = await makeUser({ name: "Taken Owner" });
    await (await getPrisma()).user.update({ where: { id: owner.id }, data: { locale: "uk" } });
    const free = `free-${Date.now()}@test.local`;
    const a = await signedInUser({ name: "Asker One" });
    const b = await signedInUser({ name: "Asker One" });

    const taken = await putProfile(a.cookie, { email: owner.email, currentPassword: TEST_PASSWORD });
    const open = await putProfile(b.cookie, { email: free, currentPassword: TEST_PASSWORD });
    expect(taken.status).toBe(open.status);
    expect(taken.status).toBe(200);
    const strip = (body: Record<string, unknown>) => ({ ...body, _id: "", email: "", emailPending: "" });
    expect(strip(await taken.json())).toEqual(strip(await open.json()));

    // No link to the owner's address: a mail saying someone tried, in Ukrainian.
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["emailChangeTaken"]);
    expect(mails[0]!.locale).toBe("uk");
    expect(mails[0]!.text).not.toMatch(/token=/);
    expect(mails[0]!.subject).toMatch(/[А-Яа-яІіЇї]/);
    // The asker's old address hears of the request either way.
    expect((await mailsTo(a.user.email, "emailChangeNotice")).length).toBe(1);
    expect(await emailOf(a.user.id)).toBe(a.user.email);
  });

  it("the per-address limit counts taken addresses too, before anything is looked up", async () => {
    const owner = await makeUser();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const { cookie } = await signedInUser();
      statuses.push((await putProfile(cookie, { email: owner.email, currentPassword: TEST_PASSWORD })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsTo(owner.email, "emailChangeTaken")).toHaveLength(3);
  });

  it("one account cannot try address after address: a limit per account", async () => {
    const { cookie } = await signedInUser();
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await putProfile(cookie, { email: `probe${i}-${Date.now()}@test.local`, currentPassword: TEST_PASSWORD }))
          .status,
      );
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
