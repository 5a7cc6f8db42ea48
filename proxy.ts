import createMiddleware from "next-intl/middleware";
import { NextResponse, type NextRequest } from "next/server";
import { routing } from "@/i18n/routing";

const intl = createMiddleware(routing);

/**
 * Locale routing only (UX): `?lng=en|ua` wins and sticks through the cookie, then the cookie,
 * then Accept-Language. Nothing here is a security check; the data layer does those.
 */
export default function proxy(request: NextRequest) {
  const lng = request.nextUrl.searchParams.get("lng");
  if (lng === "en" || lng === "ua") {
    const locale = lng === "ua" ? "uk" : "en";
    const url = request.nextUrl.clone();
    url.searchParams.delete("lng");
    const bare = url.pathname.replace(/^\/(ua|en)(?=\/|$)/, "") || "/";
    url.pathname = locale === "uk" ? `/ua${bare === "/" ? "" : bare}` : bare;
    const response = NextResponse.redirect(url);
    response.cookies.set("NEXT_LOCALE", locale, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" });
    return response;
  }
  // The product has no page at the root: "/" and "/ua" open the home page of their language.
  if (request.nextUrl.pathname === "/" || request.nextUrl.pathname === "/ua") {
    const url = request.nextUrl.clone();
    url.pathname = request.nextUrl.pathname === "/" ? "/home" : "/ua/home";
    return NextResponse.redirect(url);
  }
  return intl(request);
}

export const config = {
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};
