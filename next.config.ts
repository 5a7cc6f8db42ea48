import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const production = process.env.NODE_ENV === "production";
const tileOrigin = (() => {
  try {
    return new URL((process.env.NEXT_PUBLIC_MAP_TILES_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png").replace(/\{[a-z]\}/g, "0")).origin;
  } catch {
    return "https://tile.openstreetmap.org";
  }
})();

/**
 * Only what the pages use: our own scripts (Next's inline bootstrap needs 'unsafe-inline' without
 * per-request nonces), map tiles, and PayPal's SDK with its frames and calls. Frames of this site
 * anywhere else are refused.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${production ? "" : " 'unsafe-eval'"} https://www.paypal.com`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${tileOrigin} https://*.paypal.com https://*.paypalobjects.com`,
  "font-src 'self'",
  `connect-src 'self' https://*.paypal.com${production ? "" : " ws:"}`,
  "frame-src https://*.paypal.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  // Browsers ignore HSTS on plain http, so localhost is unaffected; over https it pins https.
  ...(production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self), payment=(self)" },
];

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded from node_modules at run time: PGlite finds its WebAssembly files next to its own code.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@node-rs/argon2", "@prisma/adapter-pg"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(config);
