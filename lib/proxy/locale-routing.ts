import createMiddleware from "next-intl/middleware";
import { NextRequest } from "next/server";

import { routing } from "@/i18n/routing";
import { SHARED_RENDERING_HEADER } from "@/lib/cache/page-cache";
import { withRequestId } from "@/lib/http/request-id";

import { addressForNext } from "./address-for-next";
import type { ProxyContext } from "./step";

const intl = createMiddleware(routing);

/**
 * Hands the page to next-intl (the language of an address without a prefix: the cookie, then
 * Accept-Language) with the page's policy and the request's id in the request headers. Next reads the nonce from the
 * Content-Security-Policy request header and puts it on its own scripts; next-intl passes the
 * request headers on with its rewrite, so the renderer sees ours, never a client's own
 * Content-Security-Policy, x-nonce or shared-rendering header. When next-intl answers itself (a
 * redirect to the visitor's language) that answer ends the request; otherwise its rewrite is kept
 * in the context for the steps after this one.
 */
export function routeLocale(request: NextRequest, context: ProxyContext) {
  const { nonce, csp, shared } = context.page!;
  const headers = withRequestId(request.headers, context.requestId);
  headers.set("content-security-policy", csp);
  headers.set("x-nonce", nonce);
  if (shared) headers.set(SHARED_RENDERING_HEADER, "1");
  else headers.delete(SHARED_RENDERING_HEADER);
  const routed = intl(new NextRequest(addressForNext(request.nextUrl), { method: request.method, headers }));
  routed.headers.set("Content-Security-Policy", csp);
  context.routed = routed;
  return routed.headers.has("location") ? routed : undefined;
}
