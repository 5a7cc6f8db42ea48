import createMiddleware from "next-intl/middleware";
import { NextRequest, NextResponse } from "next/server";
import { routing } from "@/i18n/routing";
import { SESSION_COOKIE } from "@/lib/auth/cookie";
import { databaseOutageActive, RETRY_AFTER_SECONDS } from "@/lib/db/outage";
import { ruleForPath } from "@/lib/guarded-paths";
import { splitLocale } from "@/lib/locale-path";
import { outagePage } from "@/lib/outage-page";

const intl = createMiddleware(routing);

/**
 * Locale routing and the UX half of the guards. `?lng=en|ua` wins and sticks through the cookie,
 * then the cookie, then Accept-Language. A guarded page visited without a session cookie goes
 * straight to /login; whether a cookie is valid and what its user may do is decided by the page
 * through lib/server/guards.ts, so nothing here is a security check. While the database is away
 * (lib/db/outage.ts), pages are answered 503 with a notice that reloads itself, not rendered.
 */
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const lng = request.nextUrl.searchParams.get("lng");
  if (lng === "en" || lng === "ua") {
    const locale = lng === "ua" ? "uk" : "en";
    const url = request.nextUrl.clone();
    url.searchParams.delete("lng");
    const bare = splitLocale(url.pathname).path;
    url.pathname = locale === "uk" ? `/ua${bare === "/" ? "" : bare}` : bare;
    const response = NextResponse.redirect(url);
    response.cookies.set("NEXT_LOCALE", locale, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
    return response;
  }
  // The product has no page at the root: "/" and "/ua" open the home page of their language.
  if (pathname === "/" || pathname === "/ua") {
    const url = request.nextUrl.clone();
    url.pathname = pathname === "/" ? "/home" : "/ua/home";
    return NextResponse.redirect(url);
  }
  if (ruleForPath(pathname) && !request.cookies.has(SESSION_COOKIE)) {
    const url = request.nextUrl.clone();
    const { prefix, path } = splitLocale(pathname);
    url.pathname = `${prefix}/login`;
    url.search = "";
    url.searchParams.set("redirect", `${path}${request.nextUrl.search}`);
    return NextResponse.redirect(url);
  }
  if (databaseOutageActive()) {
    const locale = splitLocale(pathname).prefix === "/ua" ? "uk" : "en";
    return new NextResponse(outagePage(locale), {
      status: 503,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": String(RETRY_AFTER_SECONDS) },
    });
  }
  return pathname.includes("%25") ? intlKeepingPercent(request) : intl(request);
}

/**
 * next-intl decodes the path once (decodeURI) and rewrites to the result, so an encoded "%" (an
 * admin search for "50%" is /admin/users/search/50%25) reached Next as a bare "%" that it cannot
 * decode: a 500. Encoded once more, the rewrite carries the path exactly as the browser sent it.
 */
function intlKeepingPercent(request: NextRequest) {
  const url = request.nextUrl.clone();
  url.pathname = url.pathname.replaceAll("%25", "%2525");
  const response = intl(new NextRequest(url, request));
  // The alternate links are built from that path as well: they get the browser's encoding back.
  const links = response.headers.get("Link");
  if (links) response.headers.set("Link", links.replaceAll("%2525", "%25"));
  return response;
}

// Files are skipped by their extension, not by "any dot": an admin search for an e-mail address
// (/admin/users/search/jane.doe@example.com) is a page and needs its locale.
export const config = {
  matcher: ["/((?!api|_next|_vercel|.*\\.(?:ico|png|jpe?g|gif|webp|svg|txt|xml|json|js|css|map|woff2?|webmanifest)$).*)"],
};
