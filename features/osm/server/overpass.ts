import "server-only";

import { readFile } from "node:fs/promises";

import { env } from "@/lib/env";

/** Ukraine's boundary relation (60199) as an Overpass area id (3600000000 + the relation's id). */
export const UKRAINE_AREA_ID = 3600060199;

/**
 * The built-in question: every car repair and tyre shop in Ukraine, nodes, ways and relations,
 * with a centre for the latter two (a place is a point to us), their tags and meta: the time of
 * each one's last edit dates its e-mail (features/osm/email-age.ts). The mapper's name and id come
 * with it and are dropped on reading (features/osm/schema.ts).
 */
export function overpassQuery(timeoutSeconds: number): string {
  return (
    `[out:json][timeout:${timeoutSeconds}];area(id:${UKRAINE_AREA_ID})->.ua;(` +
    `nwr["shop"="car_repair"](area.ua);nwr["craft"="car_repair"](area.ua);nwr["shop"="tyres"](area.ua););` +
    `out center meta;`
  );
}

/** Why a run could not read its answer: one line, for the log and the run's error. */
export class OverpassError extends Error {
  override name = "OverpassError";
}

/**
 * Asks the Overpass API once (Overpass's usage policy: one request per run, an identifying
 * User-Agent) and returns its JSON. Throws an OverpassError on anything but a 2xx JSON answer with
 * `elements` read within the timeout and the size cap, so a failing run never reaches the database.
 */
export async function fetchOverpass(url = env.OSM_OVERPASS_URL): Promise<unknown> {
  const timeoutMs = env.OSM_OVERPASS_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        // As the geocoder's (features/listings/server/geocode.ts); env.APP_URL is what lib/site's
        // appUrl() answers, without the next-intl navigation the command line cannot load.
        "User-Agent": `Maister/1.0 (+${env.APP_URL})`,
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ data: overpassQuery(Math.max(1, Math.ceil(timeoutMs / 1000))) }).toString(),
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new OverpassError(`Overpass answered HTTP ${response.status}`);
    }
    text = await readText(response, env.OSM_OVERPASS_MAX_BYTES);
  } catch (error) {
    if (error instanceof OverpassError) throw error;
    if (signal.aborted) throw new OverpassError(`Overpass did not answer within ${timeoutMs} ms`);
    throw new OverpassError(`Overpass could not be reached: ${messageOf(error)}`);
  }
  return parseAnswer(text, "Overpass's answer");
}

/** A saved answer (the command line's file argument, the seed's demo answer). */
export async function readOverpassFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new OverpassError(`${path} could not be read: ${messageOf(error)}`);
  }
  return parseAnswer(text, path);
}

function parseAnswer(text: string, what: string): unknown {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new OverpassError(`${what} is not JSON`);
  }
  const elements = (answer as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(elements)) {
    // Overpass reports a query it gave up on (timeout, memory) in `remark`, with HTTP 200.
    const remark = (answer as { remark?: unknown } | null)?.remark;
    throw new OverpassError(`${what} has no elements${typeof remark === "string" ? `: ${remark.slice(0, 200)}` : ""}`);
  }
  return answer;
}

/** The body as text, refused past `max` bytes while it is read (never buffered whole first). */
async function readText(response: Response, max: number): Promise<string> {
  if (Number(response.headers.get("content-length") ?? 0) > max)
    throw new OverpassError(`Overpass's answer is larger than ${max} bytes`);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new OverpassError(`Overpass's answer is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const messageOf = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
