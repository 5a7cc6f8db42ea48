import { DEFAULT_MAP_TILES_URL, publicEnv } from "../public-env";

/**
 * The Content-Security-Policy values, in one place for proxy.ts (pages) and next.config.ts
 * (everything else). Imported by next.config.ts: no "@/" imports here.
 */

const PAYPAL_SDK = "https://www.paypal.com";

/** The tiles' origin, from the template the browser was built with (lib/public-env.ts). */
export function tileOrigin(template: string | undefined = publicEnv.NEXT_PUBLIC_MAP_TILES_URL): string {
  try {
    return new URL((template || DEFAULT_MAP_TILES_URL).replace(/\{[a-z]\}/g, "0")).origin;
  } catch {
    return new URL(DEFAULT_MAP_TILES_URL.replace(/\{[a-z]\}/g, "0")).origin;
  }
}

type PolicyOptions = {
  dev: boolean;
  tiles: string;
  /** The error reports' origin (SENTRY_DSN's), which the browser's SDK sends to; only when set. */
  reports?: string;
};

/**
 * Everything but script-src, shared by the page policy and the fallback: our styles (Leaflet, Sonner
 * and PayPal's buttons set inline styles, hence 'unsafe-inline' there), map tiles, PayPal's SDK with
 * its frames and calls, our service worker and web app manifests, and no framing of this site anywhere.
 */
function otherDirectives({ dev, tiles, reports }: PolicyOptions): string[] {
  return [
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tiles} https://*.paypal.com https://*.paypalobjects.com`,
    "font-src 'self'",
    // The dev server's hot reload talks over a WebSocket.
    `connect-src 'self' https://*.paypal.com${reports ? ` ${reports}` : ""}${dev ? " ws:" : ""}`,
    "frame-src https://*.paypal.com",
    // Our service worker (public/sw.js): with 'strict-dynamic' script-src ignores 'self', and a
    // worker without worker-src is checked against script-src, which would refuse it.
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ];
}

/**
 * The policy of a rendered page. Only scripts carrying this request's nonce run, and what they load
 * ('strict-dynamic': Next's chunks, PayPal's SDK through @paypal/paypal-js); 'self' and PayPal's
 * host only matter to browsers without 'strict-dynamic', which ignore it. React needs eval in
 * development only, for its error overlay's stacks.
 */
export function pageCsp({ nonce, ...options }: PolicyOptions & { nonce: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${PAYPAL_SDK}${options.dev ? " 'unsafe-eval'" : ""}`,
    ...otherDirectives(options),
  ].join("; ");
}

/**
 * For HTML the proxy does not see (the prerendered last-resort 404 at /_not-found, static files):
 * the page policy without a nonce, so such a page shows its markup but runs no inline script.
 */
export function fallbackCsp(options: PolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${PAYPAL_SDK}${options.dev ? " 'unsafe-eval'" : ""}`,
    ...otherDirectives(options),
  ].join("; ");
}

/** API answers are data: nothing in them may load or run anything, nor be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Uploaded images opened directly (an SVG, a file lying about its type) run nothing, in a sandbox. */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

/** The proxy's own small pages (the 400 for a malformed address): markup and one inline style. */
export const PLAIN_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** 128 random bits, base64: unguessable and a valid CSP nonce (Next reads it back from the header). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
