import type { Instrumentation } from "next";

/**
 * Error reports (Sentry's protocol: Sentry or a self-hosted GlitchTip) from the server: started by
 * instrumentation-node.ts only when SENTRY_DSN is set, which loads the SDK (errors-server.ts, a
 * dynamic import); otherwise these calls do nothing and the SDK is never loaded. The reporter is
 * kept on globalThis: route handlers and pages are bundled apart from instrumentation, each with
 * its own copy of this module, and all of them report through the one the server started.
 */
export type Reporter = {
  /** An error an API handler turned into a 500 (lib/http/answers.ts). */
  capture: (error: unknown, where: { requestId?: string; method?: string; path?: string }) => void;
  /** An error Next caught while answering (instrumentation's onRequestError): pages, actions, handlers. */
  captureRequest: (error: unknown, ...rest: RequestErrorRest) => void;
  flush: (timeoutMs: number) => Promise<boolean>;
};
type RequestErrorRest = Parameters<Instrumentation.onRequestError> extends [unknown, ...infer Rest] ? Rest : never;

const holder = globalThis as typeof globalThis & { __maisterErrorReporter?: Reporter };

export async function startErrorReports(options: { dsn: string; environment: string }): Promise<void> {
  const { createReporter } = await import("./errors-server");
  holder.__maisterErrorReporter = createReporter(options);
}

export function reportError(error: unknown, where: { requestId?: string; method?: string; path?: string }): void {
  holder.__maisterErrorReporter?.capture(error, where);
}

export function reportRequestError(error: unknown, ...rest: RequestErrorRest): void {
  holder.__maisterErrorReporter?.captureRequest(error, ...rest);
}

/** Sends what is queued (at shutdown), within `timeoutMs`. */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await holder.__maisterErrorReporter?.flush(timeoutMs);
}

/** The origin error reports go to, for the page policy's connect-src; undefined without a usable DSN. */
export function reportsOrigin(dsn: string | undefined): string | undefined {
  if (!dsn) return undefined;
  try {
    return new URL(dsn).origin;
  } catch {
    return undefined;
  }
}
