import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

import { guardPage } from "@/features/accounts/server/guards";

import { makeUser } from "../../helpers/factories";
import { apiRequest, call, makeRequest } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * Admins must have the second factor on: an admin who has not enrolled gets a 403
 * Auth.mfaEnrolRequired from every admin API route, and every admin page sends them to /profile.
 * The routes and pages are found on disk, so a new admin route is covered the day it is added.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const SOME_ID = "01890000-0000-7000-8000-000000000000";

function filesUnder(dir: string, name: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === name)
    .map((file) => path.join(dir, file));
}

/** Every admin API route: those under an admin folder, and the admin's user management under /api/users. */
const ADMIN_ROUTES = [
  ...filesUnder("app/api", "route.ts").filter((file) => file.split(path.sep).includes("admin")),
  "app/api/users/route.ts",
  "app/api/users/[id]/route.ts",
].sort();
const ADMIN_PAGES = filesUnder("app/[locale]/admin", "page.tsx").sort();

/** The address of a route file, with every [param] an id. */
const urlOf = (file: string) =>
  `/${path
    .dirname(file)
    .replace(/^app\//, "")
    .split(path.sep)
    .join("/")}`.replace(/\[[^\]]+\]/g, SOME_ID);
const paramsOf = (file: string) =>
  Object.fromEntries([...file.matchAll(/\[([^\]]+)\]/g)].map(([, name]) => [name!, SOME_ID]));

let cookie = "";
beforeAll(async () => {
  cookie = await signIn((await makeUser({ isAdmin: true, mfa: false })).email);
});

describe("an admin without the second factor", () => {
  it("finds the admin routes and pages it checks", () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(15);
    expect(ADMIN_PAGES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(ADMIN_ROUTES)("is refused by %s with 403 Auth.mfaEnrolRequired", async (file) => {
    const handlers = (await import(`@/${file.replace(/\.ts$/, "")}`)) as Record<
      string,
      (request: unknown, context: unknown) => Promise<Response>
    >;
    const methods = METHODS.filter((method) => typeof handlers[method] === "function");
    expect(methods.length, file).toBeGreaterThan(0);
    for (const method of methods) {
      // POST /api/users is the public sign-up, not an admin call.
      if (file === "app/api/users/route.ts" && method === "POST") continue;
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const response = await call(handlers[method]!, apiRequest(method, `${urlOf(file)}?lng=ua`, { body, cookie }), {
        params: Promise.resolve(paramsOf(file)),
      });
      expect(response.status, `${method} ${file}`).toBe(403);
      expect(await response.json(), `${method} ${file}`).toMatchObject({
        key: "Auth.mfaEnrolRequired",
        message: expect.stringMatching(/двоетапн/),
      });
    }
  });

  // Each page either guards itself, or only sends on to (or re-exports) an admin page that does.
  it.each(ADMIN_PAGES)("%s guards itself with the admin rule", (file) => {
    expect(readFileSync(path.join(ROOT, file), "utf8")).toMatch(
      /guardPage\("admin",|redirect\(\{ href: "\/admin\/[a-z]+"|from "@\/app\/\[locale\]\/admin\/[a-z]+\/page"/,
    );
  });

  it("is sent by the admin pages' guard to /profile, where the notice says to turn it on", async () => {
    let thrown: unknown = null;
    await call(
      async () => {
        try {
          await guardPage("admin", "/admin/users", "en");
        } catch (error) {
          thrown = error;
        }
        return new Response(null);
      },
      makeRequest("/admin/users", { headers: { cookie } }),
    );
    expect(String((thrown as { digest?: string } | null)?.digest)).toMatch(
      /^NEXT_REDIRECT;replace;\/profile\?reason=mfaEnrol;/,
    );
  });
});
