import { describe, expect, it } from "vitest";

import { POST as resetConfirmRoute } from "@/app/api/users/password-reset/confirm/route";
import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { POST as registerRoute } from "@/app/api/users/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call } from "../../helpers/request";
import { lastMailTo, mailsTo, tokenIn } from "../../helpers/security";
import { signIn } from "../../helpers/sign-in";

/**
 * Every place a password is set refuses one with the site's name or the account's e-mail name in
 * it, with a field error in the caller's language, and changes nothing.
 */
const nextIp = addresses("10.37");

describe("a password with the site's or the e-mail's name is refused wherever it is set", () => {
  it("at sign-up", async () => {
    const email = `marta.bondar${Date.now()}@test.local`;
    for (const [password, key] of [
      ["Майстер-2026!Aa", "Validation.passwordSiteName"],
      [`x${email.split("@")[0]!.toUpperCase()}-1a!`, "Validation.passwordEmailName"],
    ] as const) {
      const response = await call(
        registerRoute,
        apiRequest("POST", "/api/users?lng=ua", { body: { name: "Marta", email, password }, ip: nextIp() }),
      );
      expect(response.status, password).toBe(400);
      const body = await response.json();
      expect(body.errors.password.key).toBe(key);
      expect(body.errors.password.message).toMatch(/[А-Яа-яІіЇї]/);
    }
    expect(await (await getPrisma()).user.count({ where: { emailNormalized: email } })).toBe(0);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("on the profile, against the current and the new address", async () => {
    const user = await makeUser({ email: `taras${Date.now()}@test.local` });
    const cookie = await signIn(user.email);
    const put = (body: unknown) => call(profileRoute, apiRequest("PUT", "/api/users/profile", { cookie, body }));
    const before = (await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;

    const own = await put({ password: `${user.email.split("@")[0]}-A1!`, currentPassword: TEST_PASSWORD });
    expect(own.status).toBe(400);
    expect((await own.json()).errors.password.key).toBe("Validation.passwordEmailName");
    const site = await put({ password: "MaIsTeR-Kyiv-7!", currentPassword: TEST_PASSWORD });
    expect((await site.json()).errors.password.key).toBe("Validation.passwordSiteName");
    const next = await put({
      email: `stepanenko@t${Date.now()}.test.local`,
      password: "Stepanenko-Kyiv-7!",
      currentPassword: TEST_PASSWORD,
    });
    expect(next.status).toBe(400);
    expect((await next.json()).errors.password.key).toBe("Validation.passwordEmailName");
    expect((await (await getPrisma()).user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before);
  });

  it("at a reset, and the link still works for a good password", async () => {
    const user = await makeUser({ email: `hanna.lys${Date.now()}@test.local` });
    expect(
      (
        await call(
          resetRequestRoute,
          apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp() }),
        )
      ).status,
    ).toBe(202);
    const token = tokenIn((await lastMailTo(user.email, "reset")).text);
    const confirm = (password: string) =>
      call(resetConfirmRoute, apiRequest("POST", "/api/users/password-reset/confirm", { body: { token, password } }));
    const refused = await confirm(`${user.email.split("@")[0]}-X1!`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.password.key).toBe("Validation.passwordEmailName");
    expect((await confirm("Tr4mvai-Kyiv!")).status).toBe(200);
  });
});
