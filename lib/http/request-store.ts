import { AsyncLocalStorage } from "node:async_hooks";

import type { RequestContext } from "./request-context";

/**
 * Where the request being answered is kept (request-context.ts opens it, handle() and the proxy run
 * in it). A module of its own, without request-context.ts's "server-only", because the logger
 * (lib/log.ts) reads it and scripts load the logger too.
 */
export const requestStorage = new AsyncLocalStorage<RequestContext>();
