import { MAP_DEFAULT_CENTER } from "@/lib/constants";

export type LatLng = { lat: number; lng: number };

/** The centre of a map of services: the average of their coordinates, or the country default. */
export function mapCenter(points: readonly LatLng[]): LatLng {
  if (!points.length) return { ...MAP_DEFAULT_CENTER };
  const sum = points.reduce((total, point) => ({ lat: total.lat + point.lat, lng: total.lng + point.lng }), { lat: 0, lng: 0 });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}

/**
 * Tile URL template. OpenStreetMap by default; NEXT_PUBLIC_MAP_TILES_URL points elsewhere (a
 * commercial provider, or a local server where the internet is out of reach).
 */
export const TILE_URL = process.env.NEXT_PUBLIC_MAP_TILES_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A point from typed text, or null unless both parts are in range numbers. */
export function parsePoint(latText: string, lngText: string): LatLng | null {
  if (!latText.trim() || !lngText.trim()) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
