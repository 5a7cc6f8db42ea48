import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

import { API_CSP, fallbackCsp, tileOrigin, UPLOAD_CSP } from "./lib/security/csp";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  // Messages are compiled when the app is built, not parsed on every request and in every browser:
  // the browser then loads no ICU parser (intl-messageformat) and makes no Intl call to format plain text.
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "uk"], precompile: true } },
});

const production = process.env.NODE_ENV === "production";
const securityHeaders = [
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
  // The deployable artifact: .next/standalone holds server.js and only the node_modules files the
  // server reaches; scripts/standalone.mjs puts public/, .next/static and the files read from disk
  // at run time beside it (docs/decisions/0016-standalone-and-compose.md). Tests run this artifact.
  output: "standalone",
  // When this build was made, written into its code (lib/public-env.ts): the service worker is
  // registered per build, so a deploy replaces it and drops the caches of the build before.
  env: { NEXT_PUBLIC_BUILD_STAMP: new Date().toISOString() },
  // Metadata in <head> for every visitor, not streamed into <body> (Next 16.4.6 streams it for
  // browsers and keeps <head> only for bots): the HTML checker flags the streamed <title> and
  // <link>s, and every reader gets the title at once. Without it the Nu checker test in
  // tests/e2e/html-validity.spec.ts fails.
  htmlLimitedBots: /.*/,
  // Loaded from node_modules at run time: PGlite finds its WebAssembly files next to its own code.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg",
    "@node-rs/argon2",
    "@prisma/adapter-pg",
    // In Next 16.4.6's own list already; named so it stays external (lib/log.ts, docs/decisions/0017).
    "pino",
    // Telemetry and error reports (lib/telemetry): loaded from node_modules, one copy per process,
    // so the instrumentations patch the modules the server really uses (require-in-the-middle).
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/core",
    "@opentelemetry/sdk-metrics",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-metrics-otlp-http",
    "@opentelemetry/instrumentation-undici",
    "@prisma/instrumentation",
    "@sentry/nextjs",
  ],
  // Pictures are sized by /api/uploads (features/uploads/components/responsive-image.tsx), not next/image,
  // so Next's optimizer at /_next/image takes no source: every address is its 400. Left open, Next
  // 16.4.6's optimizer took "/\x" for a path on this site while the URL parser reads another host,
  // and answered 500 (tests/e2e/security.spec.ts asks /_next/image for such addresses).
  images: { localPatterns: [], remotePatterns: [] },
  /**
   * Pages get their policy, with a nonce, from proxy.ts, which replaces the fallback set here;
   * everything else keeps a static one. When several rules match, the last one's value of a header
   * wins, and Next sends a route handler's own header only when none is set here: the uploads rule
   * is what keeps their sandbox.
   */
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          ...securityHeaders,
          { key: "Content-Security-Policy", value: fallbackCsp({ dev: !production, tiles: tileOrigin() }) },
        ],
      },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
      // The service worker (public/sw.js) is checked for a new version on every visit, never kept stale.
      {
        source: "/sw.js",
        headers: [
          { key: "Cache-Control", value: "no-cache" },
          { key: "Content-Type", value: "text/javascript; charset=utf-8" },
        ],
      },
      { source: "/api/uploads/:id", headers: [{ key: "Content-Security-Policy", value: UPLOAD_CSP }] },
    ];
  },
};

export default withNextIntl(config);
