import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { contextOf } from "@/lib/http/request-context";

/** Counts every time something asks for the database: the proxy never should. */
const database = vi.hoisted(() => ({ asked: 0 }));
vi.mock("@/lib/db/server", () => ({
  getPrisma: vi.fn(async () => {
    database.asked++;
    throw new Error("the proxy asked the database");
  }),
}));

const { default: proxy } = await import("@/proxy");

const ORIGIN = "http://localhost:3000";
const request = (
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) => new NextRequest(new URL(path, ORIGIN), { method, headers: { accept: "text/html", ...headers } });

afterEach(() => {
  (globalThis as { __maisterDatabaseOutageUntil?: number }).__maisterDatabaseOutageUntil = 0;
  database.asked = 0;
});

describe("proxy.ts: the steps in order", () => {
  it("hands a service's page to Next to render, there or not: the page itself answers 404, and the proxy asks the database nothing", async () => {
    for (const [path, rendered] of [
      ["/service/00000000-0000-4000-8000-000000000000", "/en/service/00000000-0000-4000-8000-000000000000"],
      ["/ua/service/not-an-id", "/uk/service/not-an-id"],
    ]) {
      const response = await proxy(request(path!));
      expect(response.status, path).toBe(200);
      expect(new URL(response.headers.get("x-middleware-rewrite")!).pathname, path).toBe(rendered);
      expect(response.headers.get("content-security-policy"), path).toMatch(
        /script-src [^;]*'nonce-[A-Za-z0-9+/]{22}=='/,
      );
    }
    expect(database.asked).toBe(0);
  });

  it("refuses a malformed address before looking at its method, and a method before anything about the page", async () => {
    expect((await proxy(request("/services/%", { method: "POST" }))).status).toBe(400);
    expect((await proxy(request("/profile?lng=ua", { method: "DELETE" }))).status).toBe(405);
  });

  it("gives a page a request id, hands it to the renderer and echoes it; a client's own id is replaced", async () => {
    const response = await proxy(request("/services", { headers: { "x-request-id": "chosen-by-the-client" } }));
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-middleware-request-x-request-id")).toBe(id);
    expect((await proxy(request("/services"))).headers.get("x-request-id")).not.toBe(id);
  });

  it("hands its id on to an API route, which keeps it (handle()); a refusal carries it too", async () => {
    const response = await proxy(request("/api/items/%25"));
    const id = response.headers.get("x-request-id")!;
    const handedOn = new Headers();
    for (const [name, value] of response.headers)
      if (name.startsWith("x-middleware-request-")) handedOn.set(name.slice("x-middleware-request-".length), value);
    expect(contextOf({ method: "GET", url: `${ORIGIN}/api/items/%25`, headers: handedOn }).requestId).toBe(id);
    expect((await proxy(request("/services/%"))).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("passes on what is not a page untouched", async () => {
    const response = await proxy(request("/api/items/%25"));
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  it("takes ?lng before the guards, and sends a guarded page without a session to sign in", async () => {
    expect((await proxy(request("/profile?lng=ua"))).headers.get("location")).toBe(`${ORIGIN}/ua/profile`);
    expect((await proxy(request("/ua/profile"))).headers.get("location")).toBe(
      `${ORIGIN}/ua/login?redirect=%2Fprofile&reason=signedIn`,
    );
  });

  it("sends the visitor on before answering with the outage notice, and the notice before any page renders", async () => {
    noteDatabaseUnavailable();
    expect((await proxy(request("/"))).status).toBe(307);
    const notice = await proxy(request("/ua/services"));
    expect(notice.status).toBe(503);
    expect(notice.headers.get("x-middleware-rewrite")).toBeNull();
    expect(await notice.text()).toContain('<html lang="uk">');
  });

  it("keeps the signed-in hint in step with the session cookie on a page's answer", async () => {
    const hint = async (cookie?: string) =>
      (await proxy(request("/services", { headers: cookie ? { cookie } : {} }))).headers
        .getSetCookie()
        .filter((set) => set.startsWith("maister.signed-in="));
    expect(await hint("maister.session=x")).toEqual([expect.stringMatching(/^maister\.signed-in=1;/)]);
    expect(await hint("maister.signed-in=1")).toEqual([expect.stringMatching(/^maister\.signed-in=;.*Max-Age=0/i)]);
    expect(await hint()).toEqual([]);
    expect(await hint("maister.session=x; maister.signed-in=1")).toEqual([]);
  });

  it("marks a page rendered for nobody, which the service worker may keep, and no page asked for with a session cookie", async () => {
    const renderedFor = async (cookie?: string) =>
      (await proxy(request("/ua/services", { headers: cookie ? { cookie } : {} }))).headers.get(
        "x-maister-rendered-for",
      );
    expect(await renderedFor()).toBe("nobody");
    expect(await renderedFor("maister.signed-in=1; NEXT_LOCALE=uk")).toBe("nobody");
    expect(await renderedFor("maister.session=x")).toBeNull();
    expect(await renderedFor("maister.session=x; maister.signed-in=1")).toBeNull();
  });
});
