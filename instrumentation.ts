/**
 * Next compiles this file for the Edge runtime as well as for Node.js. What needs Node (process.exit,
 * the database, the jobs, the HTTP server) is in ./instrumentation-node, imported only under
 * `process.env.NEXT_RUNTIME === "nodejs"`, the form Next replaces at compile time so that the Edge
 * build drops the import (Next's instrumentation guide).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") (await import("./instrumentation-node")).register();
}

export async function onRequestError(error: unknown): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") (await import("./instrumentation-node")).onRequestError(error);
}
