import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";

import { GUARDED_PATHS } from "@/features/accounts/guarded-paths";
import { RENDERED_FOR_HEADER } from "@/features/accounts/proxy/signed-in-hint";

/**
 * The service worker is one plain script served as it is (public/sw.js: a browser loads it without
 * our bundler), so it is tested as the browser runs it: in a context of its own, with the worker's
 * globals (caches, fetch, the events) played by the fakes below. Its rules are its top-level
 * functions, which a script's context exposes.
 */
const SOURCE = readFileSync(path.join(import.meta.dirname, "../../public/sw.js"), "utf8");
const ORIGIN = "https://maister.test";

/** Cache Storage in memory: keys are URLs; a put moves its key to the end, as in browsers. */
class FakeCache {
  entries = new Map<string, Response>();
  private key(request: RequestInfo | URL) {
    return typeof request === "string" || request instanceof URL ? new URL(request, ORIGIN).href : request.url;
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    const key = this.key(request);
    this.entries.delete(key);
    this.entries.set(key, response);
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async addAll(requests: (string | Request)[]) {
    for (const request of requests) await this.put(request, await worker.fetch(request));
  }
}

class FakeCacheStorage {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: RequestInfo | URL) {
    for (const store of this.stores.values()) {
      const found = await store.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

type Listener = (event: unknown) => void;
type FakeRequest = { url: string; method: string; mode: string; headers: Headers; credentials?: string };
type Worker = {
  listeners: Map<string, Listener>;
  caches: FakeCacheStorage;
  fetch: (request: RequestInfo | FakeRequest, init?: RequestInit) => Promise<Response>;
  fetched: { url: string; init?: RequestInit }[];
  requestRule: (request: FakeRequest, origin: string) => string | null;
};

let worker: Worker;
let network: (url: string, init?: RequestInit) => Promise<Response>;
/** The pages open in the browser (paths), for the worker's clients.matchAll. */
let openWindows: string[] = [];
/** Timers fire at once: the worker's wait for a slow network is over as soon as it starts. */
const instantTimeout = (run: () => void) => queueMicrotask(run);

function load(version = "build-1"): Worker {
  const listeners = new Map<string, Listener>();
  const fetched: Worker["fetched"] = [];
  const context: Record<string, unknown> = {
    location: new URL(`/sw.js?v=${version}`, ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    caches: worker?.caches ?? new FakeCacheStorage(),
    fetch: (request: string | FakeRequest, init?: RequestInit) => {
      const url = new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
      fetched.push({ url, init });
      return network(url, init);
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => openWindows.map((url) => ({ url: `${ORIGIN}${url}` })),
    },
    skipWaiting: async () => undefined,
    setTimeout: instantTimeout,
    URL,
    Request,
    Response,
    Headers,
    Promise,
    console,
  };
  context.self = context;
  vm.createContext(context);
  vm.runInContext(SOURCE, context);
  return {
    listeners,
    caches: context.caches as FakeCacheStorage,
    fetch: context.fetch as Worker["fetch"],
    fetched,
    requestRule: context.requestRule as Worker["requestRule"],
  };
}

function request(url: string, { method = "GET", mode = "cors", headers = {} } = {}): FakeRequest {
  return { url: new URL(url, ORIGIN).href, method, mode, headers: new Headers(headers) };
}
const navigation = (url: string) => request(url, { mode: "navigate" });

/** Sends a fetch event; `answer` is what the worker responded with (undefined: the browser goes to the network). */
async function dispatch(fetchRequest: FakeRequest) {
  let answer: Promise<Response> | undefined;
  const waits: Promise<unknown>[] = [];
  worker.listeners.get("fetch")!({
    request: fetchRequest,
    respondWith: (response: Promise<Response>) => (answer = Promise.resolve(response)),
    waitUntil: (promise: Promise<unknown>) => waits.push(promise),
  });
  const response = await answer;
  // What the worker does after answering (keeping a copy) is awaited too, as the browser lets it finish.
  for (let i = 0; i < waits.length; i++) await waits[i];
  return { responded: answer !== undefined, response };
}

async function lifecycle(type: "install" | "activate") {
  const waits: Promise<unknown>[] = [];
  worker.listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
  await Promise.all(waits);
}

/** What the proxy puts on a page rendered for nobody (features/accounts/proxy/signed-in-hint.ts), by its own name. */
const FOR_NOBODY = { [RENDERED_FOR_HEADER]: "nobody" };
/** A page as the server answers it, by default rendered for nobody (a visitor without a session). */
const html = (body: string, init: ResponseInit = {}, renderedFor: Record<string, string> = FOR_NOBODY) =>
  new Response(`<!DOCTYPE html><html lang="en"><head></head><body>${body}</body></html>`, {
    status: 200,
    ...init,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "script-src 'nonce-n1'",
      ...renderedFor,
      ...init.headers,
    },
  });
const offlineNetwork = () => Promise.reject(new TypeError("Failed to fetch"));

beforeEach(() => {
  openWindows = [];
  worker = undefined as unknown as Worker;
  network = async (url) => html(`page ${new URL(url).pathname}`);
  worker = load();
});

describe("which requests the worker keeps", () => {
  it("keeps the site's pages, its built files, icons and manifests, uploaded pictures and the Saved list's cards", () => {
    expect(worker.requestRule(navigation("/home"), ORIGIN)).toBe("page");
    expect(worker.requestRule(navigation("/ua/service/abc"), ORIGIN)).toBe("page");
    expect(worker.requestRule(navigation("/cart"), ORIGIN)).toBe("page");
    expect(worker.requestRule(navigation("/services?keyword=tyre"), ORIGIN)).toBe("page");
    expect(worker.requestRule(request("/_next/static/chunks/app-1a2b.js"), ORIGIN)).toBe("static");
    expect(worker.requestRule(request("/_next/static/css/app.css"), ORIGIN)).toBe("static");
    expect(worker.requestRule(request("/icons/icon-192.png"), ORIGIN)).toBe("asset");
    expect(worker.requestRule(request("/manifests/uk.webmanifest"), ORIGIN)).toBe("asset");
    expect(worker.requestRule(request("/icon.svg?4b2c"), ORIGIN)).toBe("asset");
    expect(worker.requestRule(request("/apple-icon.png?9f1e"), ORIGIN)).toBe("asset");
    expect(worker.requestRule(request("/api/uploads/abc?w=320"), ORIGIN)).toBe("image");
    expect(worker.requestRule(request("/api/items/cards?ids=a,b"), ORIGIN)).toBe("data");
  });

  it("never keeps personal pages: every guarded page, in both languages, and the links with a token", () => {
    for (const prefix of GUARDED_PATHS) {
      for (const pathname of [prefix, `/ua${prefix}`, `${prefix}/x`, `/ua${prefix}/x?y=1`])
        expect(worker.requestRule(navigation(pathname), ORIGIN), pathname).toBe("private-page");
    }
    for (const pathname of ["/reset-password?token=t", "/ua/confirm-email?token=t", "/confirm-email-change?token=t"])
      expect(worker.requestRule(navigation(pathname), ORIGIN), pathname).toBe("private-page");
    // A page whose name only starts like a guarded one is a page like any other.
    expect(worker.requestRule(navigation("/profiles-of-services"), ORIGIN)).toBe("page");
  });

  it("leaves writes, the account's API, other API reads, the router's data and other sites to the network", () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect(worker.requestRule(request("/api/items/cards", { method }), ORIGIN)).toBeNull();
      expect(worker.requestRule(request("/home", { method, mode: "navigate" }), ORIGIN)).toBeNull();
    }
    expect(worker.requestRule(request("/api/users/me"), ORIGIN)).toBeNull();
    expect(worker.requestRule(navigation("/api/users/export"), ORIGIN)).toBeNull();
    expect(worker.requestRule(navigation("/api/uploads/abc"), ORIGIN)).toBeNull();
    expect(worker.requestRule(request("/api/users/saved"), ORIGIN)).toBeNull();
    expect(worker.requestRule(request("/api/items?page=2"), ORIGIN)).toBeNull();
    expect(worker.requestRule(request("/services?_rsc=1x", { headers: { rsc: "1" } }), ORIGIN)).toBeNull();
    expect(worker.requestRule(request("https://tile.openstreetmap.org/1/1/1.png"), ORIGIN)).toBeNull();
    expect(worker.requestRule(navigation("https://www.paypal.com/checkout"), ORIGIN)).toBeNull();
  });
});

describe("pages", () => {
  it("answers from the network and keeps a copy marked with when it was stored", async () => {
    const { response } = await dispatch(navigation("/ua/service/abc"));
    expect(await response!.text()).toContain("page /ua/service/abc");
    const kept = await (await worker.caches.open("maister-pages-build-1")).match(`${ORIGIN}/ua/service/abc`);
    const body = await kept!.text();
    expect(body).toMatch(/<html data-stored-at="\d{4}-\d\d-\d\dT[\d:.]+Z" lang="en">/);
    expect(body).toContain("page /ua/service/abc");
    // The copy keeps the page's policy: its scripts carry the nonce the policy names.
    expect(kept!.headers.get("content-security-policy")).toBe("script-src 'nonce-n1'");
  });

  it("keeps the built files a kept page names, so that the copy is styled and runs offline", async () => {
    network = async (url) =>
      url.includes("/_next/")
        ? new Response(`file ${new URL(url).pathname}`)
        : html(
            '<link rel="stylesheet" href="/_next/static/css/app-2.css"/><script src="/_next/static/chunks/main-1.js" async=""></script>' +
              '<script>self.__next_f.push([1,"2:I[\\"/_next/static/chunks/page-3.js\\"]"])</script>',
          );
    await dispatch(navigation("/cart"));
    network = offlineNetwork;
    for (const file of [
      "/_next/static/css/app-2.css",
      "/_next/static/chunks/main-1.js",
      "/_next/static/chunks/page-3.js",
    ])
      expect(await (await dispatch(request(file))).response!.text()).toBe(`file ${file}`);
  });

  it("keeps a page the router opened without loading it (a link followed in the page), once in a while", async () => {
    const rsc = (url: string, headers: Record<string, string> = {}) =>
      request(url, { headers: { rsc: "1", ...headers } });
    const { responded } = await dispatch(rsc("/ua/cart?_rsc=1a2b"));
    expect(responded).toBe(false);
    const pages = await worker.caches.open("maister-pages-build-1");
    expect(await (await pages.match(`${ORIGIN}/ua/cart`))!.text()).toMatch(/data-stored-at=.*page \/ua\/cart/);
    expect(worker.fetched.at(-1)!.init?.headers).toMatchObject({ Accept: "text/html" });
    // Kept a moment ago: not fetched again on the next visit.
    const fetches = worker.fetched.length;
    await dispatch(rsc("/ua/cart?_rsc=3c4d"));
    expect(worker.fetched).toHaveLength(fetches);
    // Neither what the router only prefetches nor a personal page.
    await dispatch(rsc("/stos?_rsc=5e6f", { "next-router-prefetch": "1" }));
    await dispatch(rsc("/profile?_rsc=7a8b"));
    expect([...pages.entries.keys()]).toEqual([`${ORIGIN}/ua/cart`]);
  });

  it("offline, answers with the kept copy, which says when it was stored", async () => {
    await dispatch(navigation("/cart"));
    network = offlineNetwork;
    const { response } = await dispatch(navigation("/cart"));
    expect(await response!.text()).toMatch(/data-stored-at="[^"]+".*page \/cart/);
  });

  it("on a network slower than its patience, answers with the kept copy and still keeps the fresh one", async () => {
    await dispatch(navigation("/home"));
    let arrive!: (response: Response) => void;
    network = () => new Promise((resolve) => (arrive = resolve));
    const pending = dispatch(navigation("/home"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    arrive(html("fresh home"));
    const { response } = await pending;
    expect(await response!.text()).toContain("page /home");
    const kept = await (await worker.caches.open("maister-pages-build-1")).match(`${ORIGIN}/home`);
    expect(await kept!.text()).toContain("fresh home");
  });

  it("offline with no copy, sends the visitor to the offline page of the address's language", async () => {
    network = offlineNetwork;
    const english = (await dispatch(navigation("/stos?page=2"))).response!;
    expect(english.status).toBe(302);
    expect(english.headers.get("location")).toBe(`${ORIGIN}/offline?from=${encodeURIComponent("/stos?page=2")}`);
    const ukrainian = (await dispatch(navigation("/ua/mechanics"))).response!;
    expect(ukrainian.headers.get("location")).toBe(`${ORIGIN}/ua/offline?from=${encodeURIComponent("/ua/mechanics")}`);
  });

  it("keeps no copy of a personal page, and offline sends it to the offline page", async () => {
    network = async () => html("my requests");
    expect(await (await dispatch(navigation("/requests"))).response!.text()).toBe(
      '<!DOCTYPE html><html lang="en"><head></head><body>my requests</body></html>',
    );
    expect([...(await worker.caches.open("maister-pages-build-1")).entries.keys()]).toEqual([]);
    network = offlineNetwork;
    expect((await dispatch(navigation("/requests"))).response!.headers.get("location")).toBe(
      `${ORIGIN}/offline?from=${encodeURIComponent("/requests")}`,
    );
  });

  it("keeps no redirect, error or non-page answer", async () => {
    network = async (url) =>
      url.endsWith("/")
        ? new Response(null, { status: 307, headers: { location: "/home" } })
        : html("x", { status: 404 });
    await dispatch(navigation("/"));
    await dispatch(navigation("/service/missing"));
    network = async () => new Response("{}", { headers: { "content-type": "application/json" } });
    await dispatch(navigation("/file"));
    expect([...(await worker.caches.open("maister-pages-build-1")).entries.keys()]).toEqual([]);
  });

  it("the offline page itself, missing offline, is not sent to itself again", async () => {
    network = offlineNetwork;
    const { response } = await dispatch(navigation("/offline?from=%2Fhome"));
    expect(response!.status).not.toBe(302);
  });
});

describe("installing and updating", () => {
  it("keeps both offline pages when installed, fetched without the visitor's cookies", async () => {
    await lifecycle("install");
    expect(worker.fetched.map(({ url }) => url)).toEqual([`${ORIGIN}/offline`, `${ORIGIN}/ua/offline`]);
    expect(worker.fetched.every(({ init }) => init?.credentials === "omit")).toBe(true);
    // Each in its own language, whatever the browser's Accept-Language would pick without the cookie.
    expect(worker.fetched.map(({ init }) => new Headers(init?.headers).get("accept-language"))).toEqual(["en", "uk"]);
    network = offlineNetwork;
    const { response } = await dispatch(navigation("/ua/offline?from=%2Fua%2Fhome"));
    expect(await response!.text()).toContain("page /ua/offline");
  });

  it("once active, keeps the pages already open (loaded before it controlled them), not personal ones", async () => {
    openWindows = ["/ua/service/abc", "/profile"];
    await lifecycle("install");
    await lifecycle("activate");
    const pages = await worker.caches.open("maister-pages-build-1");
    expect([...pages.entries.keys()]).toEqual([`${ORIGIN}/ua/service/abc`]);
  });

  it("a new build's worker drops the caches of the build before", async () => {
    await lifecycle("install");
    await dispatch(navigation("/home"));
    await dispatch(request("/_next/static/chunks/a.js"));
    worker = load("build-2");
    await lifecycle("install");
    await lifecycle("activate");
    const left = await worker.caches.keys();
    expect(left).toContain("maister-offline-build-2");
    for (const name of left) expect(name).toMatch(/-build-2$/);
  });
});

describe("files and data", () => {
  it("answers built files from the cache once they were fetched", async () => {
    network = async () => new Response("chunk", { headers: { "content-type": "text/javascript" } });
    await dispatch(request("/_next/static/chunks/a.js"));
    network = offlineNetwork;
    const { response } = await dispatch(request("/_next/static/chunks/a.js"));
    expect(await response!.text()).toBe("chunk");
    expect(worker.fetched).toHaveLength(1);
  });

  it("answers icons from the cache at once and refreshes them behind", async () => {
    network = async () => new Response("v1", { headers: { "content-type": "image/png" } });
    await dispatch(request("/icons/icon-192.png"));
    network = async () => new Response("v2", { headers: { "content-type": "image/png" } });
    expect(await (await dispatch(request("/icons/icon-192.png"))).response!.text()).toBe("v1");
    expect(await (await dispatch(request("/icons/icon-192.png"))).response!.text()).toBe("v2");
  });

  it("answers the Saved list's cards from the network, and offline from the last answer", async () => {
    network = async () => Response.json({ cards: [{ id: "a" }] });
    await dispatch(request("/api/items/cards?ids=a"));
    network = offlineNetwork;
    expect(await (await dispatch(request("/api/items/cards?ids=a"))).response!.json()).toEqual({
      cards: [{ id: "a" }],
    });
  });

  it("forgets the kept pages and data when the visitor signs out", async () => {
    await lifecycle("install");
    await dispatch(navigation("/home"));
    network = async () => Response.json({ cards: [] });
    await dispatch(request("/api/items/cards?ids=a"));
    const { responded } = await dispatch(request("/api/users/logout", { method: "POST" }));
    expect(responded).toBe(false);
    const left = await worker.caches.keys();
    expect(left).toContain("maister-offline-build-1");
    for (const name of left) expect(name).not.toMatch(/pages|data/);
  });

  // Kept pages carry the header's session (the e-mail, the admin's links): an account deleted or
  // signed out everywhere leaves this browser as a sign-out does.
  it.each([
    ["/api/users/profile", "DELETE"],
    ["/api/users/sessions", "DELETE"],
  ])("forgets the kept pages and data on %s %s too", async (url, method) => {
    await lifecycle("install");
    await dispatch(navigation("/home"));
    network = async () => Response.json({ cards: [] });
    await dispatch(request("/api/items/cards?ids=a"));
    const { responded } = await dispatch(request(url, { method }));
    expect(responded).toBe(false);
    const left = await worker.caches.keys();
    expect(left).toContain("maister-offline-build-1");
    for (const name of left) expect(name).not.toMatch(/pages|data/);
  });
});

/**
 * A shared phone: a page rendered for the signed-in person carries them (their e-mail in the
 * header and the page's data). Their session may end where this browser cannot see it (it expires,
 * they sign out everywhere from another device, an admin blocks them): a copy of that page, shown
 * offline or on a slow network, would show them to the next person. Only pages rendered for nobody
 * are kept; for a signed-in visitor the worker asks for the page again without cookies to keep.
 */
describe("a page rendered for a signed-in person", () => {
  const signedIn = async (url: string, init?: RequestInit) =>
    init?.credentials === "omit"
      ? html(`nobody's ${new URL(url).pathname}`)
      : html(`anna@example.com's ${new URL(url).pathname}`, {}, {});

  it("is shown to them but never kept: offline, the next person gets the copy rendered for nobody", async () => {
    network = signedIn;
    const { response } = await dispatch(navigation("/ua/service/abc"));
    expect(await response!.text()).toContain("anna@example.com's /ua/service/abc");
    network = offlineNetwork;
    const next = await (await dispatch(navigation("/ua/service/abc"))).response!.text();
    expect(next).not.toContain("anna@example.com");
    expect(next).toMatch(/data-stored-at="[^"]+".*nobody's \/ua\/service\/abc/);
  });

  it("is not what a network slower than the worker's patience shows the next person", async () => {
    network = signedIn;
    await dispatch(navigation("/home"));
    let arrive!: (response: Response) => void;
    network = () => new Promise((resolve) => (arrive = resolve));
    const pending = dispatch(navigation("/home"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    arrive(html("bob@example.com's /home", {}, {}));
    const shown = await (await pending).response!.text();
    expect(shown).not.toContain("anna@example.com");
    expect(shown).toContain("nobody's /home");
  });

  it("is asked for again without cookies, in the address's language, at most once in a while", async () => {
    network = signedIn;
    await dispatch(navigation("/ua/cart"));
    const copies = () => worker.fetched.filter(({ init }) => init?.credentials === "omit");
    expect(copies().map(({ url }) => url)).toEqual([`${ORIGIN}/ua/cart`]);
    expect(new Headers(copies()[0]!.init?.headers).get("accept-language")).toBe("uk");
    await dispatch(navigation("/ua/cart"));
    expect(copies()).toHaveLength(1);
    await dispatch(navigation("/stos"));
    expect(new Headers(copies()[1]!.init?.headers).get("accept-language")).toBe("en");
  });

  it("keeps nothing when even the copy asked for without cookies comes back rendered for someone", async () => {
    network = async () => html("anna@example.com's page", {}, {});
    await dispatch(navigation("/home"));
    expect([...(await worker.caches.open("maister-pages-build-1")).entries.keys()]).toEqual([]);
  });

  it("is fetched without cookies to be kept when the router opened it or it was open when the worker came", async () => {
    network = signedIn;
    openWindows = ["/ua/service/abc"];
    await lifecycle("install");
    await lifecycle("activate");
    await dispatch(request("/ua/cart?_rsc=1a2b", { headers: { rsc: "1" } }));
    const pages = await worker.caches.open("maister-pages-build-1");
    expect(await (await pages.match(`${ORIGIN}/ua/service/abc`))!.text()).toContain("nobody's /ua/service/abc");
    expect(await (await pages.match(`${ORIGIN}/ua/cart`))!.text()).toContain("nobody's /ua/cart");
    for (const [, copy] of pages.entries) expect(await copy.clone().text()).not.toContain("anna@example.com");
  });
});
