import type { NextRequest } from "next/server";

import { fillPlaceholder } from "@/lib/cache/page-cache";
import { env } from "@/lib/env";
import { createNonce, pageCsp, tileOrigin } from "@/lib/security/csp";
import { reportsOrigin } from "@/lib/telemetry/errors";

import type { ProxyContext } from "./step";

const development = env.NODE_ENV === "development";
const tiles = tileOrigin();
// The browser sends error reports there only when the server has a DSN (lib/telemetry/errors-browser.ts).
const reports = reportsOrigin(env.SENTRY_DSN);

/**
 * The page's Content-Security-Policy, with a nonce of its own: pages are rendered per request or
 * come from the page cache with this nonce put in (app/[locale]/layout.tsx), since a prerendered
 * page would carry no nonce and run no script. A rendering for the page cache (a request this
 * server sent itself, lib/cache/page-cache.ts) gets the cache's placeholder as its nonce instead,
 * and is rendered for everyone (shared).
 */
export function pagePolicy(request: NextRequest, context: ProxyContext) {
  const fill = fillPlaceholder(request);
  const nonce = fill ?? createNonce();
  context.page = { nonce, csp: pageCsp({ nonce, dev: development, tiles, reports }), shared: fill !== null };
  return undefined;
}
