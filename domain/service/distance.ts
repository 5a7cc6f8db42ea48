/** A point on the map, in degrees. */
export type LatLng = { lat: number; lng: number };

/**
 * The radius PostgreSQL's earthdistance uses (earth() = 6378168 m), so a distance worked out in
 * the browser is the one the list's "near" gives for the same two points.
 */
const EARTH_RADIUS_KM = 6378.168;

/** Great-circle distance in km (haversine). */
export function distanceKm(from: LatLng, to: LatLng): number {
  const radians = Math.PI / 180;
  const dLat = (to.lat - from.lat) * radians;
  const dLng = (to.lng - from.lng) * radians;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * radians) * Math.cos(to.lat * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distances are shown to a tenth of a km, on cards and on service pages alike. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** Closer than this a place is "nearby": a tenth of a km would call it 0 km, or 0.1 km across the street. */
export const NEARBY_KM = 0.1;

/**
 * A distance as a visitor sees it (the list's cards, the map's card, a service page, Saved): to a
 * tenth of a km, and 0 under NEARBY_KM, which every distance message reads as "nearby" (its `=0`).
 */
export function shownKm(km: number): number {
  return km < NEARBY_KM ? 0 : roundKm(km);
}

/** What the list's distance field shows: no distance, the visitor's own position, or a point chosen otherwise. */
export type DistanceChoice = "" | "mine" | "point";

/**
 * The distance field's choice for the list's `near` point. The URL holds only the point; it is
 * "mine" when it is the position the visitor shared in this tab (useVisitorPoint: the same
 * rounded numbers the list was asked with), and a point chosen on the map or typed otherwise.
 */
export function distanceChoice(near: LatLng | undefined, visitor: LatLng | null): DistanceChoice {
  if (!near) return "";
  return visitor !== null && visitor.lat === near.lat && visitor.lng === near.lng ? "mine" : "point";
}
