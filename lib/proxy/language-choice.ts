import { NextResponse, type NextRequest } from "next/server";

import { localeOfCode } from "@/i18n/locale";
import { localeCookie } from "@/i18n/routing";
import { localizedPath } from "@/lib/http/locale-path";

import type { ProxyContext } from "./step";

/**
 * `?lng=en|ua` wins over the language cookie and Accept-Language, and sticks: the visitor is sent
 * to the same page in that language, without the parameter, and the cookie remembers the choice.
 */
export function languageFromQuery(request: NextRequest, { path }: ProxyContext) {
  const chosen = localeOfCode(request.nextUrl.searchParams.get("lng"));
  if (!chosen) return undefined;
  const url = request.nextUrl.clone();
  url.searchParams.delete("lng");
  url.pathname = localizedPath(chosen, path);
  const response = NextResponse.redirect(url);
  const { name, ...options } = localeCookie;
  response.cookies.set(name, chosen, { path: "/", ...options });
  return response;
}
