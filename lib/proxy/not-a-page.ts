import { NextResponse, type NextRequest } from "next/server";

import { withRequestId } from "@/lib/http/request-id";

import type { ProxyContext } from "./step";

/** The files the matcher's first entry skips by their extension (lib/proxy/matcher.test.ts keeps the two equal). */
export const FILE = /\.(?:ico|png|jpe?g|gif|webp|svg|txt|xml|json|js|css|map|woff2?|webmanifest)$/;

/**
 * What is not a page goes on to Next untouched but for its id, which the route keeps (handle(),
 * lib/http/request-id.ts): the API, Next's own paths and files. The matcher (proxy.ts) lets them
 * through only when their path holds a "%", for refuseMalformedAddress.
 */
export function passOnWhatIsNotAPage(request: NextRequest, { requestId }: ProxyContext) {
  const { pathname } = request.nextUrl;
  return /^\/(?:api|_next|_vercel)/.test(pathname) || FILE.test(pathname)
    ? NextResponse.next({ request: { headers: withRequestId(request.headers, requestId) } })
    : undefined;
}
