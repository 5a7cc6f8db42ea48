/**
 * Which non-GET API requests are refused before anything runs, and why:
 * - 403 when a browser says the request comes from another site: `Sec-Fetch-Site` is
 *   `cross-site` or `same-site`, or, without that header, an `Origin` that is not ours. A request
 *   with neither header was not sent by a browser page and passes, so API clients keep working
 *   (the rule of Go 1.25's CrossOriginProtection);
 * - 415 when a body comes in anything but JSON (or multipart where an upload is expected): a page
 *   on another site can send text/plain or a form without asking, but not JSON.
 */
export type BodyKind = "json" | "multipart";
export type Refusal = { status: 403 | 415; key: string };

type Input = { method: string; headers: { get(name: string): string | null }; ownOrigins: string[]; body: BodyKind };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function crossOriginRefusal({ method, headers, ownOrigins, body }: Input): Refusal | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  if (site) {
    if (site !== "same-origin" && site !== "none") return { status: 403, key: "Api.crossSite" };
  } else if (origin !== null && !isOwnOrigin(origin, headers.get("host"), ownOrigins)) {
    return { status: 403, key: "Api.crossSite" };
  }
  const hasBody = Number(headers.get("content-length") ?? 0) > 0 || headers.get("transfer-encoding") !== null;
  if (!hasBody) return null;
  const type = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const accepted = body === "multipart" ? type === "multipart/form-data" : type === "application/json";
  return accepted ? null : { status: 415, key: body === "multipart" ? "Api.multipartOnly" : "Api.jsonOnly" };
}

function isOwnOrigin(origin: string, host: string | null, ownOrigins: string[]): boolean {
  if (ownOrigins.includes(origin)) return true;
  try {
    return host !== null && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
