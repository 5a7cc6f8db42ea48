import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";

import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from "../../prisma/demo-accounts";
import { STATION_INPUT } from "../helpers/service-input";
import { freshTotpCode, linkFromOutbox, secondStep } from "./accounts-helpers";

export type Role = "user" | "owner" | "mechanic" | "admin";
/** With `totpSecret`, the account has two-step verification on and signs in with a code from it. */
export type Credentials = { email: string; password: string; totpSecret?: string };

/** An account signed in in a browser context: `page` and the context's `request` carry its session. */
export type SignedIn = Credentials & {
  id: string;
  name: string;
  page: Page;
  context: BrowserContext;
  /** The session as a Cookie header value, for requests made outside the browser. */
  cookie: string;
};

export type CreateOptions = {
  /** The person's name. */
  name?: string;
  /** The language of the sign-up, and so of the account's mails. */
  locale?: "en" | "ua";
  /** Sign in in this page's context instead of a new one. */
  page?: Page;
  /** Fields of the owner's station or the master's profile over the defaults. */
  service?: Record<string, unknown>;
};

export type Users = {
  /**
   * A new account of `role`, made and signed in through the API: registered, confirmed by the
   * link in the dev outbox (which signs it in), then given a paid station (owner), a master's
   * profile (mechanic) or the admin flag from the demo admin (admin).
   */
  create(role: Role, options?: CreateOptions): Promise<SignedIn & { serviceId: string | null }>;
  /** An existing account signed in through the login API, in `page`'s context or a new one. */
  signIn(account: Credentials, options?: { page?: Page }): Promise<SignedIn>;
};

const PASSWORD = "Kovbasa42!";
const demo = (key: (typeof DEMO_ACCOUNTS)[number]["key"]): Credentials =>
  DEMO_ACCOUNTS.find((account) => account.key === key)!;
/** The demo data's accounts, for tests that need what the demo data gives them. */
export const DEMO = {
  admin: { ...demo("admin"), totpSecret: DEMO_ADMIN_TOTP_SECRET },
  user: demo("user"),
  owner: demo("owner"),
  mechanic: demo("mechanic"),
};

let addresses = 0;
/**
 * Sign-ups and sign-ins are limited per client address; each request that counts comes from an
 * address of its own, as real users do (the e2e server trusts one proxy hop).
 */
function clientAddress(): Record<string, string> {
  addresses++;
  return { "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(addresses / 250)}.${addresses % 250}` };
}

/** The session cookie of a context, as a Cookie header value. */
async function sessionCookie(context: BrowserContext): Promise<string> {
  const session = (await context.cookies()).find((cookie) => /^(__Host-)?maister\.session$/.test(cookie.name));
  expect(session, "a session cookie").toBeTruthy();
  return `${session!.name}=${session!.value}`;
}

async function ok(response: APIResponse, what: string, status = 200) {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return response.json();
}

let demoAdminCookie: Promise<string> | null = null;

/** The demo admin signed in through the API (password, then a code from its key), as a Cookie header value. */
async function demoAdminSession(newRequest: () => Promise<APIRequestContext>): Promise<string> {
  const request = await newRequest();
  try {
    const headers = clientAddress();
    const { email, password } = DEMO.admin;
    await ok(
      await request.post("/api/users/login", { data: { email, password }, headers }),
      "the demo admin's password",
    );
    await ok(await secondStep(request, DEMO.admin.totpSecret, headers), "the demo admin's code");
    const session = (await request.storageState()).cookies.find((cookie) =>
      /^(__Host-)?maister\.session$/.test(cookie.name),
    );
    expect(session, "the demo admin's session cookie").toBeTruthy();
    return `${session!.name}=${session!.value}`;
  } finally {
    await request.dispose();
  }
}

/** The fixture's implementation; `close` ends every context and request client it opened. */
export function usersOf(
  browser: Browser,
  newRequest: () => Promise<APIRequestContext>,
): Users & { close(): Promise<void> } {
  const opened: BrowserContext[] = [];
  let admin: Promise<APIRequestContext> | null = null;

  async function contextFor(page?: Page): Promise<{ page: Page; context: BrowserContext }> {
    if (page) return { page, context: page.context() };
    const context = await browser.newContext();
    opened.push(context);
    return { page: await context.newPage(), context };
  }

  function demoAdmin(): Promise<APIRequestContext> {
    admin ??= newRequest();
    return admin;
  }

  /** A call as the demo admin, whose session is made once per run (signing in again may wait for a code). */
  async function asDemoAdmin(call: (request: APIRequestContext, cookie: string) => Promise<APIResponse>) {
    demoAdminCookie ??= demoAdminSession(newRequest);
    const response = await call(await demoAdmin(), await demoAdminCookie);
    if (response.status() !== 401) return response;
    demoAdminCookie = demoAdminSession(newRequest);
    return call(await demoAdmin(), await demoAdminCookie);
  }

  return {
    async create(role, { name = "E2E Tester", locale = "en", page, service = {} } = {}) {
      const { page: signedInPage, context } = await contextFor(page);
      const email = `e2e.${Date.now()}.${Math.round(Math.random() * 1e6)}@test.local`;
      const headers = clientAddress();
      await ok(
        await context.request.post(`/api/users?lng=${locale}`, { data: { name, email, password: PASSWORD }, headers }),
        "sign-up",
        201,
      );
      const token = new URL(await linkFromOutbox(context, email, "confirm-email"), "http://link").searchParams.get(
        "token",
      );
      const user = (await ok(
        await context.request.post(`/api/users/confirm-email?token=${token}`, {
          data: { password: PASSWORD },
          headers,
        }),
        "confirmation",
      )) as { _id: string };

      let serviceId: string | null = null;
      let totpSecret: string | undefined;
      const input = { ...STATION_INPUT, name: `${name} ${role} ${Date.now()}`, ...service };
      if (role === "owner") {
        serviceId = (
          (await ok(
            await context.request.post("/api/items/users/sto-order", { data: input }),
            "station order",
            201,
          )) as { _id: string }
        )._id;
        await ok(
          await context.request.put(`/api/items/users/${serviceId}/pay`, { data: { paymentMethod: "test" } }),
          "test payment",
        );
      } else if (role === "mechanic") {
        serviceId = (
          (await ok(await context.request.post("/api/items/users", { data: input }), "master's profile", 201)) as {
            _id: string;
          }
        )._id;
      } else if (role === "admin") {
        await ok(
          await asDemoAdmin((request, cookie) =>
            request.put(`/api/users/${user._id}`, { data: { isAdmin: "true" }, headers: { cookie } }),
          ),
          "the admin flag",
        );
        // Admins must have two-step verification on before any admin page works: the new one enrols.
        ({ secret: totpSecret } = (await ok(
          await context.request.post("/api/users/profile/totp", { data: { currentPassword: PASSWORD } }),
          "two-step set-up",
        )) as { secret: string });
        await ok(
          await context.request.put("/api/users/profile/totp", { data: { code: await freshTotpCode(totpSecret) } }),
          "two-step on",
        );
      }
      return {
        id: user._id,
        name,
        email,
        password: PASSWORD,
        totpSecret,
        page: signedInPage,
        context,
        cookie: await sessionCookie(context),
        serviceId,
      };
    },

    async signIn(account, { page } = {}) {
      const { page: signedInPage, context } = await contextFor(page);
      const headers = clientAddress();
      let answer = (await ok(
        await context.request.post("/api/users/login", {
          data: { email: account.email, password: account.password },
          headers,
        }),
        `sign-in of ${account.email}`,
      )) as { user: { _id: string; name: string } } | { mfaRequired: true };
      if ("mfaRequired" in answer) {
        expect(account.totpSecret, `${account.email} has two-step verification on: its key`).toBeTruthy();
        answer = (await ok(
          await secondStep(context.request, account.totpSecret!, headers),
          `second step of ${account.email}`,
        )) as { user: { _id: string; name: string } };
      }
      const { user } = answer;
      return {
        email: account.email,
        password: account.password,
        id: user._id,
        name: user.name,
        page: signedInPage,
        context,
        cookie: await sessionCookie(context),
      };
    },

    async close() {
      await Promise.all(opened.map((context) => context.close()));
      if (admin) await (await admin).dispose();
    },
  };
}
