import { NextResponse, type NextRequest } from "next/server";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";
import { PLAIN_PAGE_CSP } from "./csp";

type Locale = "en" | "uk";
type ApiRequest = Pick<NextRequest, "nextUrl" | "cookies" | "headers">;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What proxy.ts answers for an address it cannot decode, before any page renders: the texts of
 * Api.badRequest and NotFound.action in the language of the path, a link to the station list, no
 * scripts. Nothing from the request is echoed.
 */
export function badRequestPage(locale: Locale): string {
  const messages = locale === "uk" ? uk : en;
  const home = locale === "uk" ? "/ua/stos" : "/stos";
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
 * The API's usual error body (lib/server/http.ts: message in the caller's language, and its key).
 * The language is picked as there (?lng, the NEXT_LOCALE cookie, Accept-Language); that module is
 * server-only, which the proxy cannot import.
 */
export function badRequestJsonResponse(request: ApiRequest): NextResponse {
  const locale = apiLocale(request);
  return NextResponse.json(
    { message: (locale === "uk" ? uk : en).Api.badRequest, key: "Api.badRequest" },
    { status: 400, headers: { "cache-control": "no-store" } },
  );
}

function apiLocale(request: ApiRequest): Locale {
  const lng = request.nextUrl.searchParams.get("lng");
  if (lng === "ua" || lng === "uk") return "uk";
  if (lng === "en") return "en";
  const cookie = request.cookies.get("NEXT_LOCALE")?.value;
  if (cookie === "uk" || cookie === "en") return cookie;
  const first = (request.headers.get("accept-language") ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("uk") || first.startsWith("ua") ? "uk" : "en";
}
