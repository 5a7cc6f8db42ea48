import { NextResponse, type NextRequest } from "next/server";

import { ruleForPath } from "@/features/accounts/guarded-paths";
import { SESSION_COOKIE } from "@/features/accounts/session-cookie";
import { localizedPath } from "@/lib/http/locale-path";
import type { ProxyContext } from "@/lib/proxy/step";

/**
 * The UX half of the guards: a guarded page visited without a session cookie goes straight to the
 * sign-in page, which sends the visitor back once signed in. Whether a cookie is valid and what
 * its user may do is decided by the page (features/accounts/server/guards.ts): nothing here is a
 * security check.
 */
export function guardedPagesToLogin(request: NextRequest, { locale, path }: ProxyContext) {
  if (!ruleForPath(request.nextUrl.pathname) || request.cookies.has(SESSION_COOKIE)) return undefined;
  const url = request.nextUrl.clone();
  url.pathname = localizedPath(locale, "/login");
  url.search = "";
  url.searchParams.set("redirect", `${path}${request.nextUrl.search}`);
  url.searchParams.set("reason", "signedIn");
  return NextResponse.redirect(url);
}
