/** Where a map opens and how its pins are drawn (spec §9). */

export const MAP_DEFAULT_CENTER = { lat: 49.2331, lng: 28.4682 } as const;

export const MAP_DEFAULT_ZOOM = 6;

export const MAP_HEIGHT_PX = 400;

export const MARKER_SIZE = [34, 45] as const;

export const OWN_LOCATION_ZOOM = 13;

/**
 * Every marker icon (a 34×45 pin, spec §9, or a cluster) fits in a box this big with its anchor at
 * the bottom centre. Markers at least a cell apart (features/map/viewport.ts, mergeNearby) then never overlap, so each
 * stays a whole tap target, which Lighthouse's target-size audit checks.
 */
export const MARKER_BOX_PX = Math.max(...MARKER_SIZE);
