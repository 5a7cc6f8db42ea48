import { describe, expect, it } from "vitest";

import { POST as resetRequestRoute } from "@/app/api/users/password-reset/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { POST as resendRoute } from "@/app/api/users/resend-confirmation/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser, TEST_PASSWORD } from "../../helpers/factories";
import { addresses, apiRequest, call } from "../../helpers/request";
import { lastMailTo } from "../../helpers/security";
import { signIn } from "../../helpers/sign-in";

/**
 * A mail someone asks for from a page (a password reset, the confirmation link again, the link to
 * a new address) is written in that page's language, and its link opens the page in it: the one
 * who asked reads it next, whatever language the account was made in. The page's language reaches
 * the API as ?lng or as the language cookie the site sets (lib/http/request-locale.ts).
 */
const nextIp = addresses("10.47");
const UKRAINIAN_PAGE = { cookie: "NEXT_LOCALE=uk" };
const ENGLISH_PAGE = { cookie: "NEXT_LOCALE=en" };

async function withLocale(locale: "en" | "uk", overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(overrides);
  await (await getPrisma()).user.update({ where: { id: user.id }, data: { locale } });
  return user;
}

describe("the mail of a password reset", () => {
  it("asked for from a Ukrainian page, is in Ukrainian with a /ua link, for an account made in English", async () => {
    const user = await withLocale("en", { name: "Оксана" });
    const response = await call(
      resetRequestRoute,
      apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp(), ...UKRAINIAN_PAGE }),
    );
    expect(response.status).toBe(202);
    const mail = await lastMailTo(user.email, "reset");
    expect(mail.locale).toBe("uk");
    expect(mail.subject).toBe("Новий пароль для Майстра");
    expect(mail.text).toMatch(/\/ua\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
  });

  it("asked for with ?lng=ua, the same", async () => {
    const user = await withLocale("en");
    await call(
      resetRequestRoute,
      apiRequest("POST", "/api/users/password-reset?lng=ua", { body: { email: user.email }, ip: nextIp() }),
    );
    expect((await lastMailTo(user.email, "reset")).text).toMatch(/\/ua\/reset-password\?token=/);
  });

  it("asked for from an English page, is in English without /ua, for an account made in Ukrainian", async () => {
    const user = await withLocale("uk");
    await call(
      resetRequestRoute,
      apiRequest("POST", "/api/users/password-reset", { body: { email: user.email }, ip: nextIp(), ...ENGLISH_PAGE }),
    );
    const mail = await lastMailTo(user.email, "reset");
    expect(mail.locale).toBe("en");
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    expect(mail.text).not.toContain("/ua/");
  });
});

describe("the confirmation link sent again", () => {
  it("is in the language of the page that asked, with its link", async () => {
    const user = await withLocale("en", { confirmed: false });
    const response = await call(
      resendRoute,
      apiRequest("POST", "/api/users/resend-confirmation", { body: { email: user.email }, ...UKRAINIAN_PAGE }),
    );
    expect(response.status).toBe(200);
    const mail = await lastMailTo(user.email, "confirm");
    expect(mail.locale).toBe("uk");
    expect(mail.text).toMatch(/\/ua\/confirm-email\?token=/);
  });
});

describe("the link to a new address", () => {
  it("is in the language of the profile page it was asked from; the account's own notices stay in its language", async () => {
    const user = await withLocale("en");
    const cookie = await signIn(user.email);
    const newEmail = `new-${Date.now()}@test.local`;
    const response = await call(
      profileRoute,
      apiRequest("PUT", "/api/users/profile", {
        body: { email: newEmail, currentPassword: TEST_PASSWORD },
        cookie: `${cookie}; NEXT_LOCALE=uk`,
      }),
    );
    expect(response.status).toBe(200);
    const link = await lastMailTo(newEmail, "emailChange");
    expect(link.locale).toBe("uk");
    expect(link.text).toMatch(/\/ua\/confirm-email-change\?token=/);
    // The notice to the old address is a warning to the account's owner, who may not be the one asking.
    expect((await lastMailTo(user.email, "emailChangeNotice")).locale).toBe("en");
  });
});
