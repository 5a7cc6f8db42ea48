import type { Locale } from "next-intl";
import { NextResponse, type NextRequest } from "next/server";
import { MESSAGES } from "@/i18n/messages";
import { localizedPath } from "@/lib/locale-path";
import { requestLocale } from "@/lib/request-locale";
import { PLAIN_PAGE_CSP } from "./csp";

type ApiRequest = Pick<NextRequest, "nextUrl" | "cookies" | "headers">;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What proxy.ts answers for an address it cannot decode, before any page renders: the texts of
 * Api.badRequest and NotFound.action in the language of the path, a link to the station list, no
 * scripts. Nothing from the request is echoed.
 */
export function badRequestPage(locale: Locale): string {
  const messages = MESSAGES[locale];
  const home = localizedPath(locale, "/stos");
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(`${messages.Api.badRequest} · ${messages.Metadata.productName}`)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#0f172a;background:#f8fafc}main{max-width:28rem;padding:2rem;text-align:center}p{font-size:3.75rem;font-weight:700;color:#1d4ed8;margin:0}a{display:inline-block;margin-top:1.5rem;padding:.625rem 1.25rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:500}</style>
</head><body><main><p aria-hidden="true">400</p><h1>${escape(messages.Api.badRequest)}</h1><a href="${home}">${escape(messages.NotFound.action)}</a></main></body></html>`;
}

export function badRequestPageResponse(locale: Locale): NextResponse {
  return new NextResponse(badRequestPage(locale), {
    status: 400,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": PLAIN_PAGE_CSP },
  });
}

/**
 * The API's usual error body (lib/server/http.ts: message in the caller's language, and its key),
 * the language picked by the same rule (lib/request-locale.ts).
 */
export function badRequestJsonResponse(request: ApiRequest): NextResponse {
  return NextResponse.json(
    { message: MESSAGES[requestLocale(request)].Api.badRequest, key: "Api.badRequest" },
    { status: 400, headers: { "cache-control": "no-store" } },
  );
}
