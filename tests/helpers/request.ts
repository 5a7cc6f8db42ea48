import { AsyncLocalStorage } from "node:async_hooks";
import { NextRequest } from "next/server";

/** A request as the route handlers receive it, for calling them directly in integration tests. */
export function makeRequest(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): NextRequest {
  return new NextRequest(new URL(path, "http://localhost"), {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
  });
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

export function call<C>(
  handler: (request: NextRequest, context: C) => Promise<Response>,
  request: NextRequest,
  context?: C,
): Promise<Response> {
  return requestScope.run(request, () => handler(request, context as C));
}

type ApiOptions = { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> };

/**
 * A request with a JSON body typed and measured as a real client sends it. The length matters:
 * handle() only checks the content type of a request that has a body (Content-Length or chunked),
 * and a Request built in a test carries neither unless told.
 */
export function apiRequest(
  method: string,
  path: string,
  { body, cookie, ip, headers = {} }: ApiOptions = {},
): NextRequest {
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const base: Record<string, string> = {};
  if (text !== undefined)
    Object.assign(base, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
  if (cookie) base.cookie = cookie;
  if (ip) base["x-forwarded-for"] = ip;
  return makeRequest(path, { method, headers: { ...base, ...headers }, body: text });
}

/** A fresh client address per call (the tests stand behind one trusted proxy hop). */
export function addresses(prefix: string) {
  let n = 0;
  return () => {
    n++;
    return `${prefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}
