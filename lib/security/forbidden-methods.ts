import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { NextRequest } from "next/server";

import { methodNotAllowedResponse } from "@/lib/security/bad-request";
import { isFetchForbiddenMethod } from "@/lib/security/methods";

const INSTALLED = Symbol.for("maister.fetchForbiddenMethodsRefused");

/**
 * Answers requests whose method a Fetch Request cannot carry (TRACE; lib/security/methods.ts) with
 * a 405 before Next sees them: Next 16.4.6 turns every request into one and throws, a bare 500, and
 * no hook of Next's (proxy.ts, a route handler) runs before that (the "still needed" case in
 * methods.test.ts fails once Node's Request takes TRACE; tests/e2e/security.spec.ts checks the 405). The only place left is the Node
 * server's "request" event, so the HTTP servers' emit is wrapped, once per process; every other
 * event and request goes on to Next untouched. Called at server start (instrumentation-node.ts).
 */
export function refuseFetchForbiddenMethods(): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    const [request, response] = args as [IncomingMessage, ServerResponse];
    if (event === "request" && isFetchForbiddenMethod(request.method ?? "")) {
      answer(request, response).catch(() => response.destroy());
      return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  // Read as a GET only to pick the answer's language (lib/http/request-locale.ts): nothing is routed.
  const refusal = methodNotAllowedResponse(new NextRequest(url, { headers }));
  response.writeHead(refusal.status, {
    ...Object.fromEntries(refusal.headers),
    "x-content-type-options": "nosniff",
    connection: "close",
  });
  response.end(await refusal.text());
  // The body the client may have sent is not read: the connection ends with this answer.
  request.resume();
}
