import createMiddleware from "next-intl/middleware";
import { NextRequest, NextResponse } from "next/server";
import { localeOfCode } from "@/i18n/locale";
import { localeCookie, routing } from "@/i18n/routing";
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, signedInHintCookie } from "@/features/accounts/session-cookie";
import { databaseOutageActive, RETRY_AFTER_SECONDS } from "@/lib/db/outage";
import { ruleForPath } from "@/features/accounts/guarded-paths";
import { localizedPath, splitLocale } from "@/lib/http/locale-path";
import { outagePage } from "@/lib/proxy/outage-page";
import { badRequestJsonResponse, badRequestPageResponse, methodNotAllowedResponse } from "@/lib/security/bad-request";
import { createNonce, pageCsp, tileOrigin } from "@/lib/security/csp";
import { asciiUrl, isMalformedEncoding } from "@/lib/security/malformed-url";
import { isPageMethod } from "@/lib/security/methods";
import { namesMissingService } from "@/lib/server/missing-pages";
import { cacheablePage, cachedPage, fillPlaceholder, SHARED_RENDERING_HEADER } from "@/lib/cache/page-cache";

const intl = createMiddleware(routing);
const development = process.env.NODE_ENV === "development";
const tiles = tileOrigin();
/** The files the matcher's first entry skips by their extension (lib/proxy/matcher.test.ts keeps the two equal). */
const FILE = /\.(?:ico|png|jpe?g|gif|webp|svg|txt|xml|json|js|css|map|woff2?|webmanifest)$/;

/**
 * Locale routing, the per-request Content-Security-Policy of pages, and the UX half of the guards.
 * `?lng=en|ua` wins and sticks through the cookie, then the cookie, then Accept-Language. A guarded
 * page visited without a session cookie goes straight to /login; whether a cookie is valid and what
 * its user may do is decided by the page through features/accounts/server/guards.ts, so nothing here is a
 * security check. While the database is away (lib/db/outage.ts), pages are answered 503 with a
 * notice that reloads itself, not rendered. An address whose percent-encoding cannot be decoded is
 * a 400 here: past the proxy, Next's router turns it into a bare 500. Pages take GET and HEAD; any
 * other method is a 405 (TRACE never gets here: lib/security/forbidden-methods.ts). The page of a
 * service that is not there is answered with the not-found page (see renderPage).
 */
export default async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isMalformedEncoding(pathname)) {
    if (pathname.startsWith("/api")) return badRequestJsonResponse(request);
    return badRequestPageResponse(splitLocale(pathname).locale);
  }
  // Next's image optimizer decodes the path in its `url` parameter once more: an escape that cannot
  // be decoded there is its 500 (any other address is its own 400, next.config.ts's `images`).
  if (pathname === "/_next/image" && isMalformedEncoding(request.nextUrl.searchParams.get("url") ?? "")) return badRequestPageResponse(routing.defaultLocale);
  // Outside the pages the matcher lets through only paths with a "%", for the check above.
  if (/^\/(?:api|_next|_vercel)/.test(pathname) || FILE.test(pathname)) return NextResponse.next();
  if (!isPageMethod(request.method)) return methodNotAllowedResponse(request);
  const chosen = localeOfCode(request.nextUrl.searchParams.get("lng"));
  if (chosen) {
    const url = request.nextUrl.clone();
    url.searchParams.delete("lng");
    url.pathname = localizedPath(chosen, splitLocale(url.pathname).path);
    const response = NextResponse.redirect(url);
    const { name, ...options } = localeCookie;
    response.cookies.set(name, chosen, { path: "/", ...options });
    return response;
  }
  // The product has no page at the root: "/" and "/ua" open the home page of their language.
  const { locale, path } = splitLocale(pathname);
  if (path === "/") {
    const url = request.nextUrl.clone();
    url.pathname = localizedPath(locale, "/home");
    return NextResponse.redirect(url);
  }
  if (ruleForPath(pathname) && !request.cookies.has(SESSION_COOKIE)) {
    const url = request.nextUrl.clone();
    url.pathname = localizedPath(locale, "/login");
    url.search = "";
    url.searchParams.set("redirect", `${path}${request.nextUrl.search}`);
    url.searchParams.set("reason", "signedIn");
    return NextResponse.redirect(url);
  }
  if (databaseOutageActive()) {
    return new NextResponse(outagePage(locale), {
      status: 503,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": String(RETRY_AFTER_SECONDS) },
    });
  }
  const fill = fillPlaceholder(request);
  if (fill) return renderPage(request, { nonce: fill, shared: true });
  const missing = await namesMissingService(path);
  return renderPage(request, { missing, cached: missing ? null : cacheablePage(request) });
}

type Rendering = {
  /** Answer with the not-found page (404) instead. */
  missing?: boolean;
  /** The page as the page cache knows it, for a visitor it may answer (lib/cache/page-cache.ts). */
  cached?: string | null;
  /** The placeholder of a rendering for the page cache, instead of a fresh nonce. */
  nonce?: string;
  /** A rendering for the page cache, served to anyone: it renders the session as unknown. */
  shared?: boolean;
};

/**
 * Hands the request to next-intl with a fresh nonce. Next reads the nonce from the
 * Content-Security-Policy request header and puts it on its own scripts; next-intl passes the
 * request headers on with its rewrite, so the renderer sees ours (and never a client's own
 * Content-Security-Policy or x-nonce header). Pages are rendered per request or come from the page
 * cache with this nonce put in (see app/[locale]/layout.tsx): a prerendered one would carry no
 * nonce and run no script.
 *
 * `missing`: Next renders the not-found page on the server only for an address no route matches
 * (app/not-found.tsx), so the request is rewritten to such an address: a folder starting with "_"
 * is never a route.
 */
async function renderPage(request: NextRequest, { missing = false, cached = null, nonce = createNonce(), shared = false }: Rendering) {
  const csp = pageCsp({ nonce, dev: development, tiles });
  const url = request.nextUrl.clone();
  // next-intl decodes the path once (decodeURI) and rewrites to the result, so an encoded "%" (an
  // admin search for "50%" is /admin/users/search/50%25) reached Next as a bare "%" that it cannot
  // decode: a 500. Encoded once more, the rewrite carries the path exactly as the browser sent it.
  if (url.pathname.includes("%25")) url.pathname = url.pathname.replaceAll("%25", "%2525");
  if (missing) url.pathname = `${splitLocale(url.pathname).prefix}/_missing`;
  // /login and /register send a signed-in visitor on to ?redirect=; Node cannot put "/。evil" in a
  // Location header (a 500), "/%E3%80%82evil" it can, and it is the same path on this site.
  const target = url.searchParams.get("redirect");
  if (target && /[^\u0000-\u007f]/u.test(target)) url.searchParams.set("redirect", asciiUrl(target));
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  headers.set("x-nonce", nonce);
  if (shared) headers.set(SHARED_RENDERING_HEADER, "1");
  else headers.delete(SHARED_RENDERING_HEADER);
  const response = intl(new NextRequest(url, { method: request.method, headers }));
  response.headers.set("Content-Security-Policy", csp);
  // next-intl may answer itself (a redirect to the visitor's language); only a page to render is looked up.
  const page = cached && !response.headers.has("location") ? await cachedPage(cached, nonce) : null;
  if (!page) return withSignedInHint(request, response);
  // next-intl's own headers (the language cookie, hreflang links) go with the page, not its rewrite's.
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") page.headers.append(name, value);
    else if (!name.startsWith("x-middleware-")) page.headers.set(name, value);
  }
  page.headers.set("x-page-cache", page.fresh ? "miss" : "hit");
  return withSignedInHint(request, new NextResponse(page.body, { headers: page.headers }));
}

/** Keeps the signed-in hint (features/accounts/session-cookie.ts) in step with the session cookie, before the page's script reads it. */
function withSignedInHint(request: NextRequest, response: NextResponse): NextResponse {
  const session = request.cookies.has(SESSION_COOKIE);
  if (session !== request.cookies.has(SIGNED_IN_HINT_COOKIE)) response.cookies.set(signedInHintCookie(session));
  return response;
}

// Pages: files are skipped by their extension, not by "any dot" (an admin search for an e-mail
// address, /admin/users/search/jane.doe@example.com, is a page and needs its locale). Every other
// path (API, Next's own, files such as /sitemap/0.xml) only when it holds a "%": a malformed escape
// there is a 400 instead of Next's 500, while every other API call skips the proxy (which would also
// buffer its body: proxyClientMaxBodySize). And Next's image optimizer, for the escapes in its `url`.
export const config = {
  matcher: ["/((?!api|_next|_vercel|.*\\.(?:ico|png|jpe?g|gif|webp|svg|txt|xml|json|js|css|map|woff2?|webmanifest)$).*)", "/(.*%.*)", "/_next/image"],
};
