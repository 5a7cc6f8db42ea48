/**
 * What the home map asks for: the visible box and zoom. The server groups what is in view into
 * cells about a pin's size and sends at most MAX_MAP_POINTS single pins, so 100,000 services never
 * travel to a phone and pins never cover each other.
 */
export type Viewport = { west: number; south: number; east: number; north: number; zoom: number };
export type MapCluster = { lat: number; lng: number; count: number };

export const MAX_MAP_POINTS = 400;
export const WHOLE_WORLD: Viewport = { west: -180, south: -90, east: 180, north: 90, zoom: 6 };

/** `bbox=west,south,east,north&zoom=z`; absent means the whole world at the default zoom. */
export function parseViewport(params: URLSearchParams): Viewport | null {
  const bbox = params.get("bbox");
  const zoom = params.get("zoom");
  if (bbox === null && zoom === null) return WHOLE_WORLD;
  const parts = (bbox ?? "").split(",").map((part) => (/^-?\d+(\.\d+)?$/.test(part.trim()) ? Number(part) : NaN));
  const z = /^\d{1,2}$/.test(zoom ?? "") ? Number(zoom) : NaN;
  if (parts.length !== 4 || parts.some((value) => !Number.isFinite(value)) || !(z >= 0 && z <= 20)) return null;
  const [west, south, east, north] = parts as [number, number, number, number];
  if (south < -90 || north > 90 || south > north || west < -180 || east > 180 || west > east) return null;
  return { west, south, east, north, zoom: z };
}

/** Grid cell in degrees: about 43 px on screen at this zoom (256 px tiles). */
export function clusterCellDegrees(zoom: number): number {
  return 360 / 2 ** zoom / 6;
}

/** A grid cell on screen, in CSS pixels, at every zoom: 256 / 6. */
export const CLUSTER_CELL_PX = 256 / 6;

/**
 * Every marker icon (pin or cluster) fits in a box this big with its anchor at the bottom centre.
 * Markers at least a cell apart (see mergeNearby) then never overlap, so each stays a whole
 * tap target, which Lighthouse's target-size audit checks.
 */
export const MARKER_BOX_PX = 40;

/** Web Mercator's y for a latitude, in the units of longitude degrees (what the screen shows). */
export function mercatorY(lat: number): number {
  // Web maps stop at ±85.0511°, where y reaches ±180.
  const clamped = Math.max(-85.0511287798, Math.min(85.0511287798, lat));
  return (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

export type CellGroup = { lat: number; lng: number; count: number; id: string };

/**
 * Grid cells meet at borders, so a lone pin can sit right next to a cluster in the neighbouring
 * cell. Groups less than a cell apart on screen, both across and up (Mercator y), are merged into
 * the bigger one, biggest first. A kept group does not move when others join it, so every two
 * markers in the answer are at least a cell apart along one axis, and their icons (at most
 * MARKER_BOX_PX, anchored alike) cannot overlap.
 */
export function mergeNearby(groups: CellGroup[], cellDegrees: number): CellGroup[] {
  const merged: (CellGroup & { y: number })[] = [];
  for (const group of [...groups].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id))) {
    const y = mercatorY(group.lat);
    const near = merged.find((kept) => Math.abs(kept.lng - group.lng) < cellDegrees && Math.abs(kept.y - y) < cellDegrees);
    if (near) near.count += group.count;
    else merged.push({ ...group, y });
  }
  return merged.map(({ lat, lng, count, id }) => ({ lat, lng, count, id }));
}
