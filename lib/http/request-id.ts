import { createHmac, randomBytes, randomUUID } from "node:crypto";

import { env } from "@/lib/env";

/**
 * The request id: one per request, on every log line written while answering it (lib/log.ts) and
 * echoed to the client as X-Request-Id, so a person reporting a failure can name the request.
 *
 * An id that comes with the request is kept only when something of ours set it: a proxy in front
 * (TRUSTED_PROXY_HOPS > 0: nginx sets it, and its access log and ours then name the same request),
 * or proxy.ts, which hands the id it chose to the page or route behind it with a proof that only
 * this process can make (a client cannot forge one). Anything else a client sends is replaced: it
 * could be anything, of any length, and would let a client pose as another request in the logs.
 */
export const REQUEST_ID_HEADER = "x-request-id";
const PROOF_HEADER = "x-maister-request-id-proof";

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

// One key per process, shared by the proxy's bundle and the app's (Next loads this module in both).
const KEY = Symbol.for("maister.requestIdKey");
const store = globalThis as typeof globalThis & { [KEY]?: Buffer };
const key = (store[KEY] ??= randomBytes(32));

function proof(id: string): string {
  return createHmac("sha256", key).update(id).digest("base64url");
}

/** The request's id: the one our proxy (or proxy.ts) gave it, or a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  if (!given || !REQUEST_ID.test(given)) return randomUUID();
  const ours = env.TRUSTED_PROXY_HOPS > 0 || headers.get(PROOF_HEADER) === proof(given);
  return ours ? given : randomUUID();
}

/** Request headers for what proxy.ts hands on: the id it chose, with the proof that it did. */
export function withRequestId(headers: Headers, id: string): Headers {
  const next = new Headers(headers);
  next.set(REQUEST_ID_HEADER, id);
  next.set(PROOF_HEADER, proof(id));
  return next;
}
