import type { Locale } from "next-intl";
import { NextResponse, type NextRequest } from "next/server";

import { MESSAGES } from "@/i18n/messages";
import { localizedPath, splitLocale } from "@/lib/http/locale-path";
import { requestLocale } from "@/lib/http/request-locale";

import { API_CSP, PLAIN_PAGE_CSP } from "./csp";
import { PAGE_METHODS } from "./methods";

type ApiRequest = Pick<NextRequest, "nextUrl" | "cookies" | "headers">;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page of the server's own refusals, answered before any page renders: the status, the
 * message's text in the language of the path, a link to the station list, no scripts. Nothing from
 * the request is echoed.
 */
function refusalPage(locale: Locale, status: number, text: string): string {
  const messages = MESSAGES[locale];
  const home = localizedPath(locale, "/stos");
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(`${text} · ${messages.Metadata.productName}`)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#0f172a;background:#f8fafc}main{max-width:28rem;padding:2rem;text-align:center}p{font-size:3.75rem;font-weight:700;color:#1d4ed8;margin:0}a{display:inline-block;margin-top:1.5rem;padding:.625rem 1.25rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:500}</style>
</head><body><main><p aria-hidden="true">${status}</p><h1>${escape(text)}</h1><a href="${home}">${escape(messages.NotFound.action)}</a></main></body></html>`;
}

function refusalPageResponse(
  locale: Locale,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): NextResponse {
  return new NextResponse(refusalPage(locale, status, text), {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": PLAIN_PAGE_CSP,
      ...headers,
    },
  });
}

/** What proxy.ts answers for an address it cannot decode (Api.badRequest). */
export function badRequestPage(locale: Locale): string {
  return refusalPage(locale, 400, MESSAGES[locale].Api.badRequest);
}

export function badRequestPageResponse(locale: Locale): NextResponse {
  return refusalPageResponse(locale, 400, MESSAGES[locale].Api.badRequest);
}

/**
 * A method the address does not take (lib/security/methods.ts): a page's 405 names the methods
 * pages answer; an API path's is the API's usual error body, like Next's own 405 for a method a
 * route handler does not export.
 */
export function methodNotAllowedResponse(request: ApiRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (/^\/api(?:\/|$)/.test(pathname)) {
    const locale = requestLocale(request);
    return NextResponse.json(
      { message: MESSAGES[locale].Api.methodNotAllowed, key: "Api.methodNotAllowed" },
      { status: 405, headers: { "cache-control": "no-store", "content-security-policy": API_CSP } },
    );
  }
  const { locale } = splitLocale(pathname);
  return refusalPageResponse(locale, 405, MESSAGES[locale].Api.methodNotAllowed, { allow: PAGE_METHODS.join(", ") });
}

/**
 * The API's usual error body (lib/http/answers.ts: message in the caller's language, and its key),
 * the language picked by the same rule (lib/http/request-locale.ts).
 */
export function badRequestJsonResponse(request: ApiRequest): NextResponse {
  return NextResponse.json(
    { message: MESSAGES[requestLocale(request)].Api.badRequest, key: "Api.badRequest" },
    { status: 400, headers: { "cache-control": "no-store" } },
  );
}
