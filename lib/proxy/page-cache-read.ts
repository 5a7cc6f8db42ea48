import { NextResponse, type NextRequest } from "next/server";

import { cacheablePage, cachedPage } from "@/lib/cache/page-cache";

import type { ProxyContext } from "./step";

/**
 * A public page that a browser loads is answered from the page cache (lib/cache/page-cache.ts says
 * which, and renders it there once it has been asked for twice), with this request's nonce put in.
 * next-intl's own headers for the page (its policy, the language cookie) go with it, not those
 * that describe its rewrite. x-page-cache says whether the page was rendered for this request.
 */
export async function answerFromPageCache(request: NextRequest, { page, routed }: ProxyContext) {
  const address = page && !page.shared && routed ? cacheablePage(request) : null;
  const found = address ? await cachedPage(address, page!.nonce) : null;
  if (!found) return undefined;
  for (const [name, value] of routed!.headers) {
    if (name === "set-cookie") found.headers.append(name, value);
    else if (!name.startsWith("x-middleware-")) found.headers.set(name, value);
  }
  found.headers.set("x-page-cache", found.fresh ? "miss" : "hit");
  return new NextResponse(found.body, { headers: found.headers });
}
