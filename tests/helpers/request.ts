import { AsyncLocalStorage } from "node:async_hooks";
import { NextRequest } from "next/server";

/** A request as the route handlers receive it, for calling them directly in integration tests. */
export function makeRequest(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): NextRequest {
  return new NextRequest(new URL(path, "http://localhost"), { method: init.method ?? "GET", headers: init.headers, body: init.body });
}

export function params<T extends Record<string, string>>(value: T): { params: Promise<T> } {
  return { params: Promise.resolve(value) };
}

/**
 * Route handlers read the session through next/headers' cookies(), which only exists inside a
 * Next request. Integration tests stand in for it: call() runs the handler with its request as
 * the current one (per async context, so concurrent calls keep their own cookies), and
 * integration-setup.ts mocks next/headers to read from it.
 */
const requestScope = new AsyncLocalStorage<NextRequest>();

export const currentRequest = {
  get value(): NextRequest | null {
    return requestScope.getStore() ?? null;
  },
};

export function call<C>(handler: (request: NextRequest, context: C) => Promise<Response>, request: NextRequest, context?: C): Promise<Response> {
  return requestScope.run(request, () => handler(request, context as C));
}

/** The session cookie a response set, as a Cookie header value for the next request. */
export function sessionFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("maister.session="));
  if (!header) throw new Error("no session cookie set");
  return header.split(";")[0]!;
}
