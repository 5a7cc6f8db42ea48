/** Where a map opens and how its pins are drawn (spec §9). */

export const MAP_DEFAULT_CENTER = { lat: 49.2331, lng: 28.4682 } as const;

export const MAP_DEFAULT_ZOOM = 6;

export const MAP_HEIGHT_PX = 400;

export const MARKER_SIZE = [34, 45] as const;

export const OWN_LOCATION_ZOOM = 13;
