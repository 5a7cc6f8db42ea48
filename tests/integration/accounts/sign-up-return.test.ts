import { describe, expect, it } from "vitest";

import { POST as resendRoute } from "@/app/api/users/resend-confirmation/route";
import { POST as registerRoute } from "@/app/api/users/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call } from "../../helpers/request";
import { lastMailTo } from "../../helpers/security";

/**
 * A sign-up started from a page that needs an account ("Sign in to claim it", "Ask for a price")
 * carries that page (the sign-in page's `redirect`) through the mailed link, so that confirming
 * lands there instead of /home. Only a path on this site passes (lib/http/safe-redirect.ts).
 */
const nextIp = addresses("10.48");
const PASSWORD = "Kovbasa42!";

async function signUp(body: Record<string, unknown>, query = "") {
  const email = `return-${Date.now()}-${Math.round(Math.random() * 1e6)}@test.local`;
  const response = await call(
    registerRoute,
    apiRequest("POST", `/api/users${query}`, {
      body: { name: "Olena", email, password: PASSWORD, ...body },
      ip: nextIp(),
    }),
  );
  expect(response.status).toBe(201);
  return { email, link: (await lastMailTo(email, "confirm")).text };
}

const returnOf = (text: string) => {
  const link = /https?:\/\/\S+\/confirm-email\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return new URL(link);
};

describe("the page a sign-up started from", () => {
  it("rides in the confirmation link, locale-free, in the link's language", async () => {
    const target = "/requests/new?service=0190a0a0-0000-7000-8000-000000000001&near=50.45,30.52";
    const english = returnOf((await signUp({ redirect: target })).link);
    expect(english.pathname).toBe("/confirm-email");
    expect(english.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(english.searchParams.get("redirect")).toBe(target);

    const ukrainian = returnOf((await signUp({ redirect: "/ua/service/abc" }, "?lng=ua")).link);
    expect(ukrainian.pathname).toBe("/ua/confirm-email");
    expect(ukrainian.searchParams.get("redirect")).toBe("/service/abc");
  });

  it("never carries another site, and a sign-up without one has none", async () => {
    for (const redirect of ["//evil.example/x", "https://evil.example", "/\\evil.example", "home"]) {
      expect(returnOf((await signUp({ redirect })).link).searchParams.has("redirect"), redirect).toBe(false);
    }
    expect(returnOf((await signUp({})).link).searchParams.has("redirect")).toBe(false);
    expect(returnOf((await signUp({ redirect: "/" })).link).searchParams.has("redirect")).toBe(false);
  });

  it("refuses a redirect that is not text or is too long with a translated 400, not a 500", async () => {
    for (const redirect of [42, `/${"x".repeat(600)}`]) {
      const response = await call(
        registerRoute,
        apiRequest("POST", "/api/users", {
          body: { name: "Olena", email: `long-${Date.now()}@test.local`, password: PASSWORD, redirect },
          ip: nextIp(),
        }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe("This value is not valid.");
    }
  });

  it("is offered to an address that is already confirmed too, on its sign-in link", async () => {
    const user = await makeUser();
    await (await getPrisma()).user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const response = await call(
      registerRoute,
      apiRequest("POST", "/api/users", {
        body: { name: "Olena", email: user.email, password: PASSWORD, redirect: "/service/abc" },
        ip: nextIp(),
      }),
    );
    expect(response.status).toBe(201);
    const mail = await lastMailTo(user.email, "existing");
    const login = new URL(/https?:\/\/\S+\/login\S*/.exec(mail.text)![0]);
    expect(login.searchParams.get("redirect")).toBe("/service/abc");
  });

  it("rides in the link sent again from the sign-in page too, which replaces the first link", async () => {
    const { email } = await signUp({ redirect: "/service/abc" });
    const resend = async (body: Record<string, unknown>, query = "") => {
      const response = await call(
        resendRoute,
        apiRequest("POST", `/api/users/resend-confirmation${query}`, { body: { email, ...body }, ip: nextIp() }),
      );
      expect(response.status).toBe(200);
      return returnOf((await lastMailTo(email, "confirm")).text);
    };
    const again = await resend({ redirect: "/ua/service/abc?tab=prices" }, "?lng=ua");
    expect(again.pathname).toBe("/ua/confirm-email");
    expect(again.searchParams.get("redirect")).toBe("/service/abc?tab=prices");
  });

  it("is dropped from the link sent again when it points anywhere but this site", async () => {
    const { email } = await signUp({});
    const response = await call(
      resendRoute,
      apiRequest("POST", "/api/users/resend-confirmation", {
        body: { email, redirect: "//evil.example/x" },
        ip: nextIp(),
      }),
    );
    expect(response.status).toBe(200);
    expect(returnOf((await lastMailTo(email, "confirm")).text).searchParams.has("redirect")).toBe(false);
  });
});
