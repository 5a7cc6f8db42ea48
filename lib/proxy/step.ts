import type { Locale } from "next-intl";
import type { NextRequest, NextResponse } from "next/server";

import { splitLocale } from "@/lib/http/locale-path";
import { requestIdOf } from "@/lib/http/request-id";

/** What the steps of one request share. */
export type ProxyContext = {
  /** The language of the address, and its path without the language's prefix ("/ua/services": uk, "/services"). */
  readonly locale: Locale;
  readonly path: string;
  /** The request's id (lib/http/request-id.ts): handed on to the page or route, and echoed as X-Request-Id. */
  readonly requestId: string;
  /** The page's nonce and policy, and whether it is rendered for the page cache (page-policy.ts). */
  page?: { nonce: string; csp: string; shared: boolean };
  /** next-intl's answer for the page: the rewrite Next renders (locale-routing.ts). */
  routed?: NextResponse;
};

/** One thing the proxy does: an answer ends the request there; nothing hands it on to the next step. */
export type ProxyStep = (
  request: NextRequest,
  context: ProxyContext,
) => NextResponse | undefined | Promise<NextResponse | undefined>;

export function proxyContext(request: NextRequest): ProxyContext {
  const { locale, path } = splitLocale(request.nextUrl.pathname);
  return { locale, path, requestId: requestIdOf(request.headers) };
}

/** The first answer of `steps`, run in order, or undefined when every step handed the request on. */
export async function firstAnswer(
  steps: readonly ProxyStep[],
  request: NextRequest,
  context: ProxyContext,
): Promise<NextResponse | undefined> {
  for (const step of steps) {
    const answer = await step(request, context);
    if (answer) return answer;
  }
  return undefined;
}
