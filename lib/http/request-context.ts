import "server-only";

import { tagActiveSpan } from "@/lib/telemetry/instruments";

import { clientAddress } from "./client-address";
import { requestIdOf } from "./request-id";
import { requestStorage as storage } from "./request-store";

/**
 * What is known about the request being answered, for whatever records it (the security log, log
 * lines): its id, the client's address and user agent, and the account once a session names one.
 * Held in an AsyncLocalStorage that handle() (lib/http/answers.ts) opens around every API handler,
 * so the data layer does not pass it down by hand.
 */
export type RequestContext = {
  requestId: string;
  ip: string;
  userAgent: string;
  method: string;
  path: string;
  userId: string | null;
  /**
   * Set once the security log holds this request's refusal under a kind of its own (a failed
   * sign-in's 401, a lock-out's 429, a forged webhook's 401), so the generic access.refused or
   * throttle.hit row does not count it a second time.
   */
  refusalRecorded?: boolean;
};

type RequestLike = { method: string; url: string; headers: Headers };

/**
 * A path as logs and error reports may keep it: a segment of 40 or more URL-safe characters (a
 * private feed's token, with or without its file extension) reads •••. Ids are 36 characters, so
 * they stay.
 */
export const pathForLogs = (path: string) => path.replace(/(?<=\/)[A-Za-z0-9_-]{40,}(?=\.[a-z]+$|\/|$)/g, "•••");

export function contextOf(request: RequestLike): RequestContext {
  const requestId = requestIdOf(request.headers);
  let path = "";
  try {
    path = new URL(request.url).pathname;
  } catch {
    path = "";
  }
  return {
    requestId,
    ip: clientAddress(request.headers),
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 200),
    method: request.method.slice(0, 10),
    path: pathForLogs(path).slice(0, 200),
    userId: null,
  };
}

export function runInContext<T>(context: RequestContext, run: () => T): T {
  tagActiveSpan(context.requestId);
  return storage.run(context, run);
}

/** The current request's context, or undefined outside one (jobs, scripts, page rendering). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Called when a session names the account behind the request, so later records carry it. */
export function noteRequestUser(userId: string): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}
