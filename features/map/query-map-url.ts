import type { Viewport } from "@/features/map/viewport";

/**
 * The list's URL and the map of its question (GET /api/items/locations, components/query-map.tsx).
 * The map asks only what decides which services match (and the instant "open now" is asked for):
 * the page, the sort and the point the list measures from only order them, and the list's view is
 * not part of the question, so every page, sort and view of a question shares the map's answers
 * (in the browser's cache and the server's).
 */
export const QUESTION_KEYS = ["filter", "onthego", "keyword", "prices", "job", "open", "userDateTime"] as const;

/**
 * The list's query string as the map asks it: its filters only, in the list's order, with the role
 * the page's path fixes (/stos, /mechanics) when it has one.
 */
export function mapQuestion(search: string, fixedFilter?: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) {
    if (!(QUESTION_KEYS as readonly string[]).includes(key)) params.delete(key);
  }
  if (fixedFilter) params.set("filter", fixedFilter);
  return params.toString();
}

/** GET /api/items/locations for the question, in a view or (no view) on the whole map. */
export function locationsUrl(question: string, view?: Viewport, fit = false): string {
  const params = new URLSearchParams(question);
  if (view) {
    params.set("bbox", [view.west, view.south, view.east, view.north].join(","));
    params.set("zoom", String(view.zoom));
  }
  if (fit) params.set("fit", "1");
  const query = params.toString();
  return `/api/items/locations${query ? `?${query}` : ""}`;
}

/** A map coordinate to five decimals (about a metre), as the list's "near" is written. */
const fiveDecimals = (value: number) => Number(value.toFixed(5));

/** Longitude brought back to -180..180 (a map panned round the globe goes beyond). */
function wrapLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * "Search this area": the same list near the map's centre, from its first page, every other filter
 * and the sort kept.
 */
export function searchAreaQuery(search: string, centre: { lat: number; lng: number }): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  const lat = fiveDecimals(Math.max(-90, Math.min(90, centre.lat)));
  const lng = fiveDecimals(wrapLongitude(centre.lng));
  params.set("near", `${lat},${lng}`);
  return params.toString();
}
