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

/** Grid cell in degrees: about 40 px on screen at this zoom (256 px tiles). */
export function clusterCellDegrees(zoom: number): number {
  return 360 / 2 ** zoom / 6;
}

export type CellGroup = { lat: number; lng: number; count: number; id: string };

/**
 * Grid cells meet at borders, so a lone pin can sit right next to a cluster in the neighbouring
 * cell. Groups closer than a cell (on screen: latitude degrees are taller by 1/cos φ) are merged,
 * biggest first, so no two markers overlap.
 */
export function mergeNearby(groups: CellGroup[], cellDegrees: number): CellGroup[] {
  const merged: CellGroup[] = [];
  for (const group of [...groups].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id))) {
    const near = merged.find((kept) => Math.abs(kept.lng - group.lng) < cellDegrees && Math.abs(kept.lat - group.lat) < cellDegrees * Math.cos((kept.lat * Math.PI) / 180));
    if (!near) {
      merged.push({ ...group });
      continue;
    }
    const count = near.count + group.count;
    near.lat = (near.lat * near.count + group.lat * group.count) / count;
    near.lng = (near.lng * near.count + group.lng * group.count) / count;
    near.count = count;
  }
  return merged;
}
