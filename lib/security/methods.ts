/**
 * The request methods the site answers. Pages render for GET and HEAD only (there are no server
 * actions); any other method on a page is a 405 naming those two (proxy.ts). Route handlers answer
 * the methods they export, and Next answers 405 for the rest.
 */
export const PAGE_METHODS = ["GET", "HEAD"] as const;

export function isPageMethod(method: string): boolean {
  return (PAGE_METHODS as readonly string[]).includes(method);
}

/**
 * CONNECT, TRACE and TRACK: the Fetch standard forbids them in a Request, and Next 16.4.6 builds one
 * (Node 20's undici) for every request it routes, to a page or a route handler, so it throws on them:
 * a bare 500 before any of our code, proxy.ts included, has run. The "still needed" case in
 * methods.test.ts fails once a Request takes TRACE. Node's parser already refuses TRACK (400) and takes
 * CONNECT aside (it closes the socket: nothing tunnels here); TRACE reaches Next, so the server
 * refuses these before Next sees them (lib/security/forbidden-methods.ts). Compared without case, as
 * the standard does.
 */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function isFetchForbiddenMethod(method: string): boolean {
  return FETCH_FORBIDDEN_METHODS.has(method.toUpperCase());
}
