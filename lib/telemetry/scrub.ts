import { cleanText, SECRET_NAME } from "@/lib/security/redaction";

/**
 * What an error report may carry, for the server's and the browser's error SDK alike (its
 * beforeSend and beforeBreadcrumb): the request's method, path and a few harmless headers, the
 * request id (so the report and the log lines of the request find each other), the account's id
 * at most, and every text with e-mail addresses masked and secrets written under their name blanked
 * (lib/security/redaction.ts, the rule the logs follow). Never cookies, authorization or any other
 * header, request bodies, query strings, IP addresses, e-mail addresses or user names.
 */

/** The only request headers a report keeps. */
const KEPT_HEADERS = new Set(["user-agent", "accept-language", "content-type", "x-request-id"]);
const FILTERED = "[Filtered]";
const MAX_DEPTH = 10;
/** The SDK's own fields whose names look like a secret's (SECRET_NAME has "code") but are not. */
const NOT_SECRETS = new Set(["status_code"]);

type Headers = Record<string, string | string[] | undefined>;
type ScrubbableRequest = { method?: string; url?: string; headers?: Headers };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Sentry's own type for breadcrumb data.
type Breadcrumb = { message?: string; data?: { [key: string]: any } };
/** The parts of a Sentry event (@sentry/core's Event) this reads; the rest is cleaned as text. */
export type ScrubbableEvent = {
  request?: ScrubbableRequest;
  user?: { id?: string | number; ip_address?: string | null };
  tags?: Record<string, unknown>;
  breadcrumbs?: Breadcrumb[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
};

export function withoutQuery(url: string): string {
  const at = url.search(/[?#]/);
  return at === -1 ? url : url.slice(0, at);
}

function headerValue(headers: Headers | undefined, name: string): string | undefined {
  const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

/** Strings cleaned at any depth; values under a secret's name (password, token, cookie…) filtered. */
function cleanValue(value: unknown, depth = 0, byName = true): unknown {
  if (typeof value === "string") return cleanText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, depth + 1, byName));
  const clean: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>))
    clean[name] =
      byName && SECRET_NAME.test(name) && !NOT_SECRETS.has(name) ? FILTERED : cleanValue(item, depth + 1, byName);
  return clean;
}

function scrubRequest(request: ScrubbableRequest): ScrubbableRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!KEPT_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
    headers[name] = cleanText(Array.isArray(value) ? value.join(", ") : value);
  }
  // No cookies, data (the body), query_string, env (the client's address) or any other field.
  return {
    ...(request.method ? { method: request.method } : {}),
    ...(request.url ? { url: cleanText(withoutQuery(request.url)) } : {}),
    headers,
  };
}

export function scrubBreadcrumb<B extends Breadcrumb>(breadcrumb: B): B {
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined;
  if (data) {
    for (const name of ["url", "from", "to"])
      if (typeof data[name] === "string") data[name] = withoutQuery(data[name] as string);
    // A fetch's or XHR's bodies, if an integration ever records them.
    delete data.request_body;
    delete data.response_body;
  }
  return cleanValue({ ...breadcrumb, ...(data ? { data } : {}) }) as B;
}

/** The report as it may leave: see above. Returns the same kind of event (a copy). */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const requestId = headerValue(event.request?.headers, "x-request-id");
  const { request, user, breadcrumbs, ...rest } = event;
  // Structural fields (the SDK's own, stack frames, contexts) only have their text cleaned: a name
  // like "status_code" is not a secret there; extra, tags and breadcrumbs hold what code put in.
  const scrubbed = cleanValue(rest, 0, false) as E;
  if (rest.extra) scrubbed.extra = cleanValue(rest.extra) as E["extra"];
  if (rest.tags || requestId)
    scrubbed.tags = cleanValue({ ...(requestId ? { request_id: requestId } : {}), ...(rest.tags ?? {}) }) as E["tags"];
  if (request) scrubbed.request = scrubRequest(request) as E["request"];
  // The account's id only: no e-mail, user name or IP address (ip_address null asks the
  // ingest not to take the address the report came from either).
  scrubbed.user = { ...(user?.id !== undefined ? { id: String(user.id) } : {}), ip_address: null } as E["user"];
  if (breadcrumbs) scrubbed.breadcrumbs = breadcrumbs.map(scrubBreadcrumb) as E["breadcrumbs"];
  // Sentry's captureRequestError keeps the page's path with its query (a search, a point) here.
  const nextjs = (scrubbed.contexts as { nextjs?: { request_path?: unknown } } | undefined)?.nextjs;
  if (nextjs && typeof nextjs.request_path === "string") nextjs.request_path = withoutQuery(nextjs.request_path);
  return scrubbed;
}
