import type { Instrumentation } from "next";

/**
 * Next 16.4.6 compiles this file for the Edge runtime as well as for Node.js (`next dev` reports an
 * Edge compile error for anything Node-only imported here; no test runs `next dev`). What needs Node (process.exit,
 * the database, the jobs, the HTTP server) is in ./instrumentation-node, imported only under
 * `process.env.NEXT_RUNTIME === "nodejs"`, the form Next replaces at compile time so that the Edge
 * build drops the import (Next's instrumentation guide). That is why these two lines read
 * process.env themselves rather than lib/env.ts: read any other way, the condition would survive
 * into the Edge build and the import with it.
 */
export async function register(): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- Next replaces this exact form at compile time (see above).
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).register();
}

export async function onRequestError(
  ...[error, request, context]: Parameters<Instrumentation.onRequestError>
): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- Next replaces this exact form at compile time (see above).
  if (process.env.NEXT_RUNTIME === "nodejs")
    (await import("./instrumentation-node")).onRequestError(error, request, context);
}
