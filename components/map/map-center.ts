import { MAP_DEFAULT_CENTER } from "@/components/map/defaults";
import type { LatLng } from "@/domain/service/distance";
import { publicEnv } from "@/lib/public-env";

/**
 * The centre of a map of services: the average of their coordinates (spec §2), a cluster counting
 * as its services at its place, or the country default when there are none.
 */
export function mapCenter(points: readonly (LatLng & { count?: number })[]): LatLng {
  const sum = points.reduce<{ lat: number; lng: number; count: number }>(
    (total, point) => {
      const weight = point.count ?? 1;
      return { lat: total.lat + point.lat * weight, lng: total.lng + point.lng * weight, count: total.count + weight };
    },
    { lat: 0, lng: 0, count: 0 },
  );
  return sum.count ? { lat: sum.lat / sum.count, lng: sum.lng / sum.count } : { ...MAP_DEFAULT_CENTER };
}

/**
 * Tile URL template. OpenStreetMap by default; NEXT_PUBLIC_MAP_TILES_URL points elsewhere (a
 * commercial provider, or a local server where the internet is out of reach).
 */
export const TILE_URL = publicEnv.NEXT_PUBLIC_MAP_TILES_URL;
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Degrees as people type them: a decimal point or a decimal comma ("50,45"), a sign, spaces or a ° around. */
const DEGREES = /^([+-]?\d+(?:[.,]\d*)?|[+-]?[.,]\d+)°?$/;

function parseDegrees(text: string, limit: 90 | 180): number | null {
  const match = DEGREES.exec(text.trim());
  const value = match ? Number(match[1]!.replace(",", ".")) : NaN;
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/**
 * What a form holds for typed coordinates: the point; null while nothing is typed (no point
 * chosen yet); NaN in a part that is no number in range, so the form's rule
 * (features/listings/schema.ts) names that part instead of asking for a point on the map.
 */
export function typedPoint(latText: string, lngText: string): LatLng | null {
  if (!latText.trim() && !lngText.trim()) return null;
  return { lat: parseDegrees(latText, 90) ?? Number.NaN, lng: parseDegrees(lngText, 180) ?? Number.NaN };
}

/** The same point (or both none); NaN parts compare equal, as the same thing typed. */
export function samePoint(a: LatLng | null, b: LatLng | null): boolean {
  if (!a || !b) return a === b;
  return Object.is(a.lat, b.lat) && Object.is(a.lng, b.lng);
}

/**
 * A point from typed coordinates, or what is wrong with them: nothing typed (so a point is still
 * to be chosen), or the part that is no number in range (Validation.latitude / .longitude say so).
 */
export function parsePoint(
  latText: string,
  lngText: string,
): { point: LatLng } | { error: "missing" | "latitude" | "longitude" } {
  if (!latText.trim() && !lngText.trim()) return { error: "missing" };
  const lat = parseDegrees(latText, 90);
  if (lat === null) return { error: "latitude" };
  const lng = parseDegrees(lngText, 180);
  if (lng === null) return { error: "longitude" };
  return { point: { lat, lng } };
}
