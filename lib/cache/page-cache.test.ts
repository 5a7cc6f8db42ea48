import { existsSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { SESSION_COOKIE } from "@/features/accounts/session-cookie";
import { cacheablePage, CACHED_ROUTES, cachedPage, fillPlaceholder, isSharedRendering } from "@/lib/cache/page-cache";
import { catalogChanged, changingCatalog } from "@/lib/cache/read-cache";
import { loadEnv } from "@/lib/env";
import { captureLogs } from "@/tests/helpers/logs";

const database = vi.hoisted(() => ({ version: 1n }));
vi.mock("@/lib/cache/version", () => ({
  readCatalogVersion: vi.fn(async () => database.version),
  bumpCatalogVersion: vi.fn(async () => ++database.version),
}));

const ORIGIN = "http://127.0.0.1:3999";
const AT = new Date("2026-11-23T10:15:30Z");

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** A browser loading a page, unless the headers say otherwise. */
function request(
  path: string,
  { method, headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): NextRequest {
  return new NextRequest(new URL(path, ORIGIN), { method, headers: { accept: BROWSER_ACCEPT, ...headers } });
}

/** Stands in for this server rendering a page: the nonce it was given goes where Next puts it, and a visitor's review says "nonce" too. */
function renderingServer(
  status = 200,
  page = (placeholder: string) =>
    `<script nonce="${placeholder}">boot()</script><p>nonce="abc" &lt;script&gt;</p><script nonce="${placeholder}" src="/a.js"></script>`,
) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (input: URL | string, init?: RequestInit) => {
    const fill = new Headers(init?.headers).get("x-maister-page-fill") ?? "";
    seen.push(new Request(input, init));
    const placeholder = fill.split(" ")[1]!;
    const body = page(placeholder);
    return new Response(body, {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `script-src 'nonce-${placeholder}'`,
        "x-powered-by": "Next",
      },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, seen };
}

/** The first request for a page, which its visitor's own rendering answers. */
async function asked(page: string): Promise<void> {
  expect(await cachedPage(page, "first-visitor", AT)).toBeNull();
}

/** Sets environment variables for this test, and has the app read its environment again. */
function stubEnv(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  loadEnv();
}

beforeEach(() => stubEnv({ NODE_ENV: "production", PORT: "3999" }));

afterEach(() => {
  catalogChanged();
  (globalThis as { __maisterPagesSeen?: Set<string> }).__maisterPagesSeen?.clear();
  vi.unstubAllEnvs();
  loadEnv();
  vi.unstubAllGlobals();
});

describe("page cache: which requests", () => {
  it("names public pages of visitors without a session by locale path and query in a fixed order", () => {
    const page = cacheablePage(request("/services?sort=rating&category=tires"));
    expect(page).toBe("/services?category=tires&sort=rating");
    expect(cacheablePage(request("/services?category=tires&sort=rating"))).toBe(page);
    expect(cacheablePage(request("/ua/services?category=tires&sort=rating"))).toBe(
      "/ua/services?category=tires&sort=rating",
    );
    for (const path of ["/home", "/ua/home", "/stos", "/mechanics", "/ranking", "/service/abc123"]) {
      expect(cacheablePage(request(path)), path).toBe(`${path}?`);
    }
  });

  it("serves visitors with a session too: the page was rendered for nobody, the browser asks for their part", () => {
    const session = { cookie: `${SESSION_COOKIE}=whatever` };
    for (const path of [
      "/home",
      "/ua/services",
      "/stos",
      "/mechanics",
      "/ranking",
      "/service/abc123",
      "/ua/service/abc123",
    ]) {
      expect(cacheablePage(request(path, { headers: session })), path).toBe(`${path}?`);
    }
  });

  it("keeps only pages rendered whole: no route it keeps has a loading.tsx in or above its folder", () => {
    const app = path.resolve(import.meta.dirname, "../../app/[locale]");
    for (const route of CACHED_ROUTES) {
      const segments = route.split("/").filter(Boolean);
      for (let depth = 0; depth <= segments.length; depth++) {
        const loading = path.join(app, ...segments.slice(0, depth), "loading.tsx");
        expect(existsSync(loading), `${route}: ${path.relative(app, loading)}`).toBe(false);
      }
    }
    expect(cacheablePage(request("/service/abc123"))).toBe("/service/abc123?");
  });

  it("marks a rendering shared only by the proxy's header", () => {
    expect(isSharedRendering(new Headers({ "x-maister-shared-rendering": "1" }))).toBe(true);
    expect(isSharedRendering(new Headers())).toBe(false);
  });

  it("renders as before: a client navigation, a server action, other pages and methods", () => {
    // What the router's fetch of a page's RSC payload looks like once Next has taken its headers off.
    expect(cacheablePage(request("/home", { headers: { accept: "*/*" } }))).toBeNull();
    expect(cacheablePage(request("/home", { headers: { accept: "" } }))).toBeNull();
    expect(cacheablePage(request("/home", { method: "POST", headers: { "next-action": "x" } }))).toBeNull();
    expect(cacheablePage(request("/home", { method: "HEAD" }))).toBeNull();
    for (const path of ["/profile", "/login", "/cart", "/mystos", "/admin/users", "/service/a/b", "/ua/placeorder"]) {
      expect(cacheablePage(request(path)), path).toBeNull();
    }
  });

  it("is off outside production, with PAGE_CACHE=off and with READ_CACHE=off", () => {
    expect(cacheablePage(request("/home"))).toBe("/home?");
    stubEnv({ PAGE_CACHE: "off" });
    expect(cacheablePage(request("/home"))).toBeNull();
    stubEnv({ PAGE_CACHE: "on", READ_CACHE: "off" });
    expect(cacheablePage(request("/home"))).toBeNull();
    stubEnv({ READ_CACHE: "on", NODE_ENV: "development" });
    expect(cacheablePage(request("/home"))).toBeNull();
  });

  it("a nonce chosen from outside is refused: only this process's own fill request names its placeholder", async () => {
    const { seen } = renderingServer();
    await asked("/home?");
    await cachedPage("/home?", "visitor-nonce", AT);
    const own = seen[0]!.headers.get("x-maister-page-fill")!;
    expect(fillPlaceholder(request("/home", { headers: { "x-maister-page-fill": own } }))).toBe(own.split(" ")[1]);
    const placeholder = "AAAAAAAAAAAAAAAAAAAAAA==";
    expect(
      fillPlaceholder(request("/home", { headers: { "x-maister-page-fill": `guess ${placeholder}` } })),
    ).toBeNull();
    expect(
      fillPlaceholder(request("/home", { headers: { "x-maister-page-fill": `${own.split(" ")[0]}x ${placeholder}` } })),
    ).toBeNull();
    expect(
      fillPlaceholder(request("/home", { headers: { "x-maister-page-fill": `${own.split(" ")[0]} "><script>` } })),
    ).toBeNull();
    expect(fillPlaceholder(request("/home"))).toBeNull();
  });
});

describe("page cache: what visitors get", () => {
  it("a page asked for once is rendered by its visitor's request as usual; asked for again, it is rendered for the cache", async () => {
    const { fetch } = renderingServer();
    expect(await cachedPage("/service/once?", "n1", AT)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect((await cachedPage("/service/once?", "n2", AT))!.fresh).toBe(true);
    expect((await cachedPage("/service/once?", "n3", AT))!.fresh).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("renders once and gives every visitor the page with their own nonce and nothing else changed", async () => {
    const { fetch, seen } = renderingServer();
    await asked("/services?sort=rating");
    const first = await cachedPage("/services?sort=rating", "first-nonce", AT);
    const second = await cachedPage("/services?sort=rating", "second-nonce", AT);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(seen[0]!.url).toBe(`${ORIGIN}/services?sort=rating`);
    expect([first!.fresh, second!.fresh]).toEqual([true, false]);
    expect(Buffer.from(first!.body).toString()).toBe(
      '<script nonce="first-nonce">boot()</script><p>nonce="abc" &lt;script&gt;</p><script nonce="first-nonce" src="/a.js"></script>',
    );
    expect(Buffer.from(second!.body).toString()).toBe(
      Buffer.from(first!.body).toString().replaceAll("first-nonce", "second-nonce"),
    );
    // The renderer's own policy (with the placeholder) and headers of that one response stay behind.
    expect(second!.headers.get("content-security-policy")).toBeNull();
    expect(second!.headers.get("x-powered-by")).toBeNull();
    expect(second!.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("pages are kept by the minute: the next minute renders again, at once for a page asked for before", async () => {
    const { fetch } = renderingServer();
    await asked("/home?");
    await cachedPage("/home?", "n1", AT);
    expect((await cachedPage("/home?", "n2", new Date("2026-11-23T10:15:59.999Z")))!.fresh).toBe(false);
    expect((await cachedPage("/home?", "n3", new Date("2026-11-23T10:16:00Z")))!.fresh).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a catalogue write drops the rendered pages with the data", async () => {
    const { fetch } = renderingServer();
    await asked("/home?");
    await cachedPage("/home?", "n1", AT);
    await changingCatalog(async () => undefined);
    expect((await cachedPage("/home?", "n2", AT))!.fresh).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("an answer other than 200 is not served: its visitors' pages are rendered as usual, without asking again within the minute", async () => {
    const { fetch } = renderingServer(404);
    await asked("/service/gone?");
    expect(await cachedPage("/service/gone?", "n1", AT)).toBeNull();
    expect(await cachedPage("/service/gone?", "n2", AT)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a page that streamed part of itself (a Suspense boundary still pending when its shell went out) is not kept", async () => {
    const logs = captureLogs();
    const { fetch } = renderingServer(
      200,
      (placeholder) =>
        `<main><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main><div hidden id="S:0"><h1>List</h1></div><script nonce="${placeholder}">$RC("B:0","S:0")</script>`,
    );
    await asked("/services?keyword=streamed");
    expect(await cachedPage("/services?keyword=streamed", "n1", AT)).toBeNull();
    expect(await cachedPage("/services?keyword=streamed", "n2", AT)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    logs.restore();
    expect(logs.lines).toEqual([
      expect.objectContaining({ level: "warn", area: "page-cache", page: "/services?keyword=streamed" }),
    ]);
  });

  it("when the rendering fails the caller renders the page itself, and nothing is kept", async () => {
    const logs = captureLogs();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new Error("connection refused");
      }),
    );
    await asked("/home?");
    expect(await cachedPage("/home?", "n1", AT)).toBeNull();
    logs.restore();
    expect(logs.lines).toEqual([
      expect.objectContaining({ level: "warn", msg: "could not render a page for the cache" }),
    ]);
    const { fetch } = renderingServer();
    expect((await cachedPage("/home?", "n2", AT))!.fresh).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
