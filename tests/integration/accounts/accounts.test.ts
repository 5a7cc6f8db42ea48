import { describe, expect, it } from "vitest";

import { POST as confirmRoute } from "@/app/api/users/confirm-email/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { POST as registerRoute } from "@/app/api/users/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { call, makeRequest } from "../../helpers/request";
import { sessionFrom, signIn, signInResponse, viewerOf } from "../../helpers/sign-in";

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  makeRequest(path, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });

async function lastLinkTo(email: string): Promise<string> {
  const prisma = await getPrisma();
  const mail = await prisma.mailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";
}

const confirmWith = (token: string, password = "Kovbasa42!", headers: Record<string, string> = {}) =>
  call(confirmRoute, post(`/api/users/confirm-email?token=${token}`, { password }, headers));

let ipCounter = 0;
const freshIp = () => ({ "x-forwarded-for": `10.0.0.${++ipCounter}` });

describe("registration and e-mail confirmation", () => {
  it("registers, mails a single-use link, and the link signs the user in", async () => {
    const email = `Olena.${Date.now()}@Test.local`;
    const registered = await call(
      registerRoute,
      post("/api/users", { name: "Олена Коваль", email, password: "Kovbasa42!" }, freshIp()),
    );
    expect(registered.status).toBe(201);
    expect((await registered.json()).message).toMatch(/confirmation link/);

    const beforeConfirm = await signInResponse(email, "Kovbasa42!");
    expect(beforeConfirm.status).toBe(403);
    expect((await beforeConfirm.json()).key).toBe("Auth.unconfirmed");

    const token = await lastLinkTo(email);
    expect(token.length).toBeGreaterThan(20);
    const confirmed = await confirmWith(token, "Kovbasa42!", freshIp());
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ name: "Олена Коваль", email, isAdmin: false, isBlocked: false });
    expect(await viewerOf(sessionFrom(confirmed))).toMatchObject({ name: "Олена Коваль", isAdmin: false });

    const reused = await confirmWith(token, "Kovbasa42!", freshIp());
    expect(reused.status).toBe(400);
    expect((await reused.json()).key).toBe("Auth.confirmInvalid");
  });

  it("refuses wrong and expired tokens", async () => {
    const wrong = await confirmWith("not-a-real-token-at-all-0000");
    expect(wrong.status).toBe(400);
    const missing = await call(confirmRoute, post("/api/users/confirm-email", { password: "Kovbasa42!" }));
    expect(missing.status).toBe(400);
    const noBody = await call(
      confirmRoute,
      makeRequest("/api/users/confirm-email?token=not-a-real-token-at-all-0000", { method: "POST" }),
    );
    expect(noBody.status).toBe(400);

    const email = `late${Date.now()}@test.local`;
    await call(registerRoute, post("/api/users", { name: "Late", email, password: "Kovbasa42!" }, freshIp()));
    const token = await lastLinkTo(email);
    const prisma = await getPrisma();
    await prisma.emailToken.updateMany({
      where: { user: { emailNormalized: email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await confirmWith(token);
    expect(expired.status).toBe(400);
  });

  it("answers the same for a taken e-mail and mails its owner instead", async () => {
    const owner = await makeUser();
    const response = await call(
      registerRoute,
      post("/api/users", { name: "Someone", email: owner.email.toUpperCase(), password: "Kovbasa42!" }, freshIp()),
    );
    expect(response.status).toBe(201);
    expect((await response.json()).message).toMatch(/confirmation link/);
    const prisma = await getPrisma();
    expect(await prisma.user.count({ where: { emailNormalized: owner.emailNormalized } })).toBe(1);
    const mail = await prisma.mailOutbox.findFirstOrThrow({
      where: { to: owner.email },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.kind).toBe("existing");
  });

  it("two registrations racing for one e-mail both get the same answer and make one account", async () => {
    const email = `race${Date.now()}@test.local`;
    const responses = await Promise.all(
      [1, 2].map(() =>
        call(registerRoute, post("/api/users", { name: "Racer", email, password: "Kovbasa42!" }, freshIp())),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201]);
    expect(await (await getPrisma()).user.count({ where: { emailNormalized: email } })).toBe(1);
  });

  it("refuses bad input with translated field messages, bad JSON and huge bodies", async () => {
    const bad = await call(
      registerRoute,
      post("/api/users?lng=ua", { name: "<script>", email: "nope", password: "short" }, freshIp()),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(Object.keys(body.errors).sort()).toEqual(["email", "name", "password"]);
    expect(body.errors.password.message).toMatch(/Пароль/);

    expect((await call(registerRoute, post("/api/users", "{not json", freshIp()))).status).toBe(400);
    expect(
      (await call(registerRoute, post("/api/users", { name: 5, email: [], password: null }, freshIp()))).status,
    ).toBe(400);
    const huge = await call(
      registerRoute,
      post("/api/users", { name: "x".repeat(70_000), email: "a@b.co", password: "Kovbasa42!" }, freshIp()),
    );
    expect(huge.status).toBe(413);
  });
});

describe("sign-in, sessions and profile", () => {
  it("signs in with the right password only, in any letter case of the e-mail", async () => {
    const user = await makeUser();
    const wrong = await signInResponse(user.email, "Wrong123!");
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid email or password");
    const unknown = await signInResponse("nobody@test.local", TEST_PASSWORD);
    expect(unknown.status).toBe(401);

    const ok = await signInResponse(user.email.toUpperCase(), TEST_PASSWORD);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    // The spec's User: _id, name, email, image, isBlocked, isAdmin.
    expect(body).toMatchObject({
      user: { _id: user.id, name: user.name, email: user.email, image: null, isAdmin: false, isBlocked: false },
      mechanic: null,
      userStos: [],
      stoForOrder: null,
    });
    expect(body.user.passwordHash).toBeUndefined();
    expect(await viewerOf(sessionFrom(ok))).toMatchObject({ id: user.id });
  });

  it("refuses blocked users, and a user blocked mid-session loses access on the next request", async () => {
    const blocked = await makeUser({ isBlocked: true });
    expect((await signInResponse(blocked.email, TEST_PASSWORD)).status).toBe(403);

    const user = await makeUser();
    const cookie = await signIn(user.email);
    expect(await viewerOf(cookie)).toMatchObject({ id: user.id });
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id: user.id }, data: { isBlocked: true } });
    expect(await viewerOf(cookie)).toBeNull();
  });

  it("ignores a forged or garbage session cookie", async () => {
    expect(await viewerOf("maister.session=garbage")).toBeNull();
  });

  it("updates the name without the current password; a taken e-mail is answered like a free one and changes nothing", async () => {
    const anonymous = await call(
      profileRoute,
      makeRequest("/api/users/profile", { method: "PUT", body: JSON.stringify({ name: "New Name" }) }),
    );
    expect(anonymous.status).toBe(401);

    const user = await makeUser();
    const cookie = await signIn(user.email);
    const renamed = await call(
      profileRoute,
      makeRequest("/api/users/profile", {
        method: "PUT",
        headers: { cookie },
        body: JSON.stringify({ name: "Тарас Шевчук" }),
      }),
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      _id: user.id,
      name: "Тарас Шевчук",
      email: user.email,
      image: null,
      isAdmin: false,
      isBlocked: false,
    });

    const weak = await call(
      profileRoute,
      makeRequest("/api/users/profile", {
        method: "PUT",
        headers: { cookie },
        body: JSON.stringify({ password: "weak", currentPassword: TEST_PASSWORD }),
      }),
    );
    expect(weak.status).toBe(400);

    const taken = await makeUser();
    const clash = await call(
      profileRoute,
      makeRequest("/api/users/profile", {
        method: "PUT",
        headers: { cookie },
        body: JSON.stringify({ email: taken.email, currentPassword: TEST_PASSWORD }),
      }),
    );
    // Whether another account uses the address does not show (email-change.test.ts); nothing moves.
    expect(clash.status).toBe(200);
    expect((await clash.json()).emailPending).toBe(taken.email);
    const prisma = await getPrisma();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
    expect(await prisma.emailToken.count({ where: { userId: user.id, purpose: "change_email" } })).toBe(0);
  });

  it("authorization table: every role edits only its own profile, whatever _id the body names", async () => {
    const victim = await makeUser({ name: "Victim Name" });
    const [plain, admin, blocked] = await Promise.all([makeUser(), makeUser({ isAdmin: true }), makeUser()]);
    const mechanic = await makeUser();
    await makeService({ ownerId: mechanic.id, role: "mechanic" });
    const cookies: Record<string, string> = {
      plain: await signIn(plain.email),
      admin: await signIn(admin.email),
      mechanic: await signIn(mechanic.email),
      blocked: await signIn(blocked.email),
    };
    await (await getPrisma()).user.update({ where: { id: blocked.id }, data: { isBlocked: true } });
    const ids: Record<string, string> = { plain: plain.id, admin: admin.id, mechanic: mechanic.id };

    for (const [role, status] of [
      ["anonymous", 401],
      ["blocked", 401],
      ["plain", 200],
      ["admin", 200],
      ["mechanic", 200],
    ] as const) {
      const headers: Record<string, string> = role === "anonymous" ? {} : { cookie: cookies[role]! };
      const response = await call(
        profileRoute,
        makeRequest("/api/users/profile", {
          method: "PUT",
          headers,
          body: JSON.stringify({ _id: victim.id, name: `Renamed ${role}` }),
        }),
      );
      expect(response.status, role).toBe(status);
      if (status === 200) expect((await response.json())._id).toBe(ids[role]);
    }
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: victim.id } })).name).toBe("Victim Name");
  });
});
