import type { NextRequest } from "next/server";

import { routing } from "@/i18n/routing";
import { badRequestJsonResponse, badRequestPageResponse } from "@/lib/security/bad-request";
import { isMalformedEncoding } from "@/lib/security/malformed-url";

import type { ProxyContext } from "./step";

/**
 * An address whose percent-encoding cannot be decoded is a 400: the API's error body under /api,
 * the refusal page in the address's language elsewhere. Past the proxy, Next 16.4.6's router
 * answers such a path with a bare 500 (it looks for a /400 page the App Router does not have;
 * tests/e2e/security.spec.ts, "a malformed percent-encoding", fails without this step).
 */
export function refuseMalformedAddress(request: NextRequest, { locale }: ProxyContext) {
  const { pathname, searchParams } = request.nextUrl;
  if (isMalformedEncoding(pathname))
    return pathname.startsWith("/api") ? badRequestJsonResponse(request) : badRequestPageResponse(locale);
  // Next 16.4.6's image optimizer decodes the path in its `url` parameter once more, and an escape
  // that cannot be decoded there is its 500 (any other address is its own 400: next.config.ts's
  // `images`). tests/e2e/security.spec.ts ("…or in an image's address, is a 400 too") fails without it.
  if (pathname === "/_next/image" && isMalformedEncoding(searchParams.get("url") ?? ""))
    return badRequestPageResponse(routing.defaultLocale);
  return undefined;
}
