import "server-only";

import type { Locale } from "next-intl";

import type { ReverseGeocode } from "@/features/listings/answers";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { BadRequestError, isUniqueViolation } from "@/lib/http/errors";
import { reserveOutsideCall } from "@/lib/jobs/outside-spacing";
import { log } from "@/lib/log";
import { take } from "@/lib/security/rate-limit";

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const MAX_ADDRESS = 300;

/** The public endpoint: throttled per client address before anything else runs. */
export async function reverseGeocodeFor(
  ip: string,
  lat: unknown,
  lng: unknown,
  locale: Locale,
): Promise<ReverseGeocode> {
  await take("geocode", ip);
  return reverseGeocode(lat, lng, locale);
}

/**
 * An address for a point. Never fails because of Nominatim: when it cannot answer, the
 * coordinates themselves are the address, so the form can still be saved.
 */
export async function reverseGeocode(
  latInput: unknown,
  lngInput: unknown,
  locale: Locale = "uk",
): Promise<ReverseGeocode> {
  const lat = coordinate(latInput, 90);
  const lng = coordinate(lngInput, 180);
  if (lat === null || lng === null) throw new BadRequestError({ coordinates: "Validation.coordinates" });

  // Four decimals is about 10 m: close enough to share an address, coarse enough to hit often.
  const key = `${lat.toFixed(4)},${lng.toFixed(4)},${locale}`;
  const prisma = await getPrisma();
  const cached = await prisma.geocodeCache.findUnique({ where: { key } });
  if (cached) return { address: cached.address, lat, lng, source: "cache" };

  const address = await lookUp(lat, lng, locale).catch((error: unknown) => {
    log.warn(
      { area: "geocode", key, error: error instanceof Error ? error.message : String(error) },
      "Nominatim gave no address",
    );
    return null;
  });
  if (!address) return { address: `${lat.toFixed(6)}, ${lng.toFixed(6)}`, lat, lng, source: "coordinates" };

  try {
    await prisma.geocodeCache.upsert({ where: { key }, create: { key, address }, update: { address } });
  } catch (error) {
    // Two requests for the same new point may both insert; either address will do.
    if (!isUniqueViolation(error)) throw error;
  }
  return { address, lat, lng, source: "nominatim" };
}

function coordinate(value: unknown, limit: number): number | null {
  const number =
    typeof value === "number" ? value : typeof value === "string" && DECIMAL.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

async function lookUp(lat: number, lng: number, locale: Locale): Promise<string> {
  const timeoutMs = env.NOMINATIM_TIMEOUT_MS;
  await upstreamSlot(timeoutMs);
  const base = env.NOMINATIM_URL;
  const query = new URLSearchParams({
    format: "jsonv2",
    lat: String(lat),
    lon: String(lng),
    "accept-language": locale,
  });
  const response = await fetch(`${base}/reverse?${query}`, {
    // env.APP_URL rather than lib/site's appUrl(), which brings next-intl's navigation along: the
    // OpenStreetMap import's command line (react-server conditions) cannot load it.
    headers: { "User-Agent": `Maister/1.0 (+${env.APP_URL})`, Accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as { display_name?: unknown } | null;
  const address = typeof body?.display_name === "string" ? body.display_name.trim().slice(0, MAX_ADDRESS) : "";
  if (!address) throw new Error("no display_name in the answer");
  return address;
}

/** Nominatim's usage policy: at most one request per second from the whole application. */
async function upstreamSlot(maxWaitMs: number): Promise<void> {
  const delay = (await reserveOutsideCall("nominatim", env.NOMINATIM_MIN_INTERVAL_MS, maxWaitMs))?.waitMs ?? null;
  if (delay === null) throw new Error("too many lookups queued");
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}
