import "server-only";

import { timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";

import { env } from "@/lib/env";
import { splitLocale } from "@/lib/http/locale-path";
import { log } from "@/lib/log";
import { createNonce } from "@/lib/security/csp";
import { countOne } from "@/lib/telemetry/instruments";

import { minuteOf, rememberRead } from "./read-cache";

/**
 * Public pages rendered once and served to every visitor without a session, from the read cache
 * (read-cache.ts): the same keeping, the same catalogue version that every instance checks before
 * answering, so a write drops the pages with the data. The page policy's nonce must still be new
 * on every response (a nonce all visitors share defeats it), so a page is rendered with a random
 * placeholder for its nonce and every visitor's copy has the placeholder replaced by their own.
 * The placeholder is 128 random bits made for that one rendering: nothing a visitor wrote can
 * contain it, so nothing but the page's own scripts receives the nonce.
 *
 * Rendering for the cache is a request to this same server (the proxy cannot see the body of a
 * page it hands on), marked with a secret of this process so that no outside request can choose
 * its own nonce. A rendering for the cache is marked as shared (isSharedRendering) and renders what
 * depends on the visitor as "unknown" (forThisVisitor in features/accounts/server/session.ts: the header's session
 * part, a service page's review tools), which the browser then asks for: the page is the same for
 * visitors with and without a session. Client navigations (RSC requests) are never served from it.
 */
/** The routes (under app/[locale]) whose pages are kept; their folders hold no loading.tsx (see renderForCache). */
export const CACHED_ROUTES = ["/home", "/services", "/stos", "/mechanics", "/ranking", "/service/[id]"] as const;
const PUBLIC_PAGES = new RegExp(`^(?:${CACHED_ROUTES.map((route) => route.replace("[id]", "[^/]+")).join("|")})$`);
const FILL_HEADER = "x-maister-page-fill";
/** Set by the proxy on a rendering for the cache only (any copy a visitor sends is taken off). */
export const SHARED_RENDERING_HEADER = "x-maister-shared-rendering";
/** A page is large (~0.1–0.2 MB): they take at most this many of the read cache's places. */
const MAX_PAGES = 200;
/** Pages asked for once lately: only a page asked for again is rendered for the cache. */
const MAX_SEEN = 5000;
const MINUTE_MS = 60_000;
/** Longer than any page takes to render; past it the visitor's page is rendered as usual. */
const FILL_TIMEOUT_MS = 20_000;
/** React's mark of a Suspense boundary whose content comes later in the stream (react-dom 19.3's Fizz: `<!--$?--><template id="B:…">`). */
const PENDING_BOUNDARY = '<!--$?--><template id="B:';
/** The inner response's headers a visitor's copy keeps: the rest describe that one response or are set again. */
const KEPT_HEADERS = ["content-type", "cache-control", "vary", "link", "content-language"];

/** The page's bytes between the placeholders: kept as UTF-8, half the size of a string with Cyrillic in it. */
type KeptPage = { status: number; headers: [string, string][]; parts: Buffer[] };

const shared = globalThis as typeof globalThis & { __maisterPageFillSecret?: string; __maisterPagesSeen?: Set<string> };
const seen = (shared.__maisterPagesSeen ??= new Set());

/**
 * Whether a page has been asked for before (the most recent MAX_SEEN pages are remembered): a page
 * asked for once (a crawler's walk, a one-off search) is rendered for its visitor as usual,
 * streaming, without the detour through the cache, and does not push out the pages many visitors
 * ask for.
 */
function askedBefore(page: string): boolean {
  const before = seen.delete(page);
  if (!before && seen.size >= MAX_SEEN) seen.delete(seen.values().next().value!);
  seen.add(page);
  return before;
}

/** Per process: the fill request goes to this very server, so nothing needs to share it. */
function fillSecret(): string {
  return (shared.__maisterPageFillSecret ??= createNonce() + createNonce());
}

/** Off with the read cache too: without it every page asked for again would be rendered twice. */
function enabled(): boolean {
  return env.NODE_ENV === "production" && env.PAGE_CACHE === "on" && env.READ_CACHE === "on" && env.PORT !== undefined;
}

/** Whether this page is being rendered for the page cache, to be served to anyone (the proxy marks it). */
export function isSharedRendering(requestHeaders: Headers): boolean {
  return requestHeaders.get(SHARED_RENDERING_HEADER) === "1";
}

/** The placeholder nonce of a request this server sent itself to fill the cache, or null for every other request. */
export function fillPlaceholder(request: NextRequest): string | null {
  const value = request.headers.get(FILL_HEADER);
  if (!value) return null;
  const [secret = "", placeholder = ""] = value.split(" ");
  const expected = Buffer.from(fillSecret());
  const given = Buffer.from(secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return /^[A-Za-z0-9+/]{22}==$/.test(placeholder) ? placeholder : null;
}

/**
 * The page a request asks for ("/ua/services?filter=sto", the query in a fixed order) when it may
 * be answered from the cache, or null: a browser loading a public page (a GET for HTML), with or
 * without a session.
 */
export function cacheablePage(request: NextRequest): string | null {
  if (!enabled() || request.method !== "GET") return null;
  const { pathname, searchParams } = request.nextUrl;
  if (!PUBLIC_PAGES.test(splitLocale(pathname).path) || request.headers.has(FILL_HEADER)) return null;
  // Next 16.4.6 takes its own headers (RSC, Next-Router-Prefetch…) off the request before the proxy
  // sees it, so a client navigation is told apart by what it accepts: the browser asks for HTML
  // only when it loads a document, while the router's fetch accepts anything (tests/e2e/security.spec.ts,
  // the page cache test, checks that the router's fetch gets its RSC payload).
  if (!request.headers.get("accept")?.includes("text/html")) return null;
  const query = new URLSearchParams(searchParams);
  query.sort();
  return `${pathname}?${query.toString()}`;
}

/**
 * The page with `nonce` in place of the placeholder, from the cache or rendered for it now; null
 * when the caller renders it as usual: the first time it is asked for, or when it could not be
 * rendered for the cache or was not a page (a status other than 200). Pages are kept per minute,
 * as opening hours and "open now" are answered by the minute, and dropped with the data on any
 * catalogue write.
 */
export async function cachedPage(
  page: string,
  nonce: string,
  now = new Date(),
): Promise<{ headers: Headers; body: Uint8Array<ArrayBuffer>; fresh: boolean } | null> {
  let fresh = false;
  try {
    const kept = await rememberRead(
      `page:${minuteOf(now)}:${page}`,
      async () => {
        if (!askedBefore(page)) return null;
        fresh = true;
        return renderForCache(page);
      },
      // An answer other than a page is kept too (as its status alone), so it is not asked for again within the minute.
      {
        keepMs: MINUTE_MS - (now.getTime() % MINUTE_MS),
        keepIf: (rendered) => rendered !== null,
        maxOfKind: MAX_PAGES,
      },
    );
    // A hit is a visitor's page served from the cache; the rest are rendered for their visitor.
    const hit = !fresh && kept?.status === 200;
    countOne("cache.lookups", "Page cache lookups, by result (hit or miss)", {
      "cache.name": "page",
      "cache.result": hit ? "hit" : "miss",
    });
    // Anything but a page (a redirect, an error page) is rendered for its visitor as usual.
    if (!kept || kept.status !== 200) return null;
    const between = Buffer.from(nonce);
    const body = Buffer.concat(kept.parts.flatMap((part, index) => (index === 0 ? [part] : [between, part])));
    return { headers: new Headers(kept.headers), body, fresh };
  } catch (error) {
    log.warn({ area: "page-cache", page, err: error }, "could not render a page for the cache");
    return null;
  }
}

async function renderForCache(page: string): Promise<KeptPage> {
  const placeholder = createNonce();
  const origin = env.PAGE_CACHE_ORIGIN ?? `http://127.0.0.1:${env.PORT}`;
  const response = await fetch(new URL(page, origin), {
    headers: { [FILL_HEADER]: `${fillSecret()} ${placeholder}` },
    redirect: "manual",
    signal: AbortSignal.timeout(FILL_TIMEOUT_MS),
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, headers: [], parts: [] };
  }
  const body = await response.text();
  // React 19.3 streams a Suspense boundary that is still waiting when the shell goes out as its
  // fallback plus a hidden copy that an inline script ($RC) moves into place, and holds that move
  // back to 300 ms after its previous reveal, to reveal in batches: a page sent whole would wait
  // for nothing.
  // A loading.tsx above the page is such a boundary (Next 16.4.6 wraps the page in Suspense with
  // it), so the cached routes have none (page-cache.test.ts checks the folders); a page that
  // streams anyway is rendered for each visitor as usual, and the warning says which.
  if (body.includes(PENDING_BOUNDARY)) {
    log.warn({ area: "page-cache", page }, "page streamed part of itself (a Suspense boundary): not kept");
    return { status: 0, headers: [], parts: [] };
  }
  const headers = KEPT_HEADERS.flatMap((name): [string, string][] => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  return { status: response.status, headers, parts: body.split(placeholder).map((part) => Buffer.from(part)) };
}
