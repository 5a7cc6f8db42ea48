import type { MapCluster } from "./answers";

/**
 * What the home map asks for: the visible box and zoom. A view with at most MAP_SERVICES_MAX
 * services is answered service by service (the map groups pins that would cover each other itself,
 * groupMarkers); a fuller one is grouped by the server into cells about a marker's size, with at
 * most MAX_MAP_POINTS single pins, so 100,000 services never travel to a phone.
 */
export type Viewport = { west: number; south: number; east: number; north: number; zoom: number };

export const MAX_MAP_POINTS = 400;
/** Up to this many services in view are answered one by one (about 40 KiB of JSON at most). */
export const MAP_SERVICES_MAX = 200;
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

/** Grid cell in degrees: about 51 px on screen at this zoom (256 px tiles). */
export function clusterCellDegrees(zoom: number): number {
  return 360 / 2 ** zoom / 5;
}

/** A grid cell on screen, in CSS pixels, at every zoom: 256 / 5, more than MARKER_BOX_PX. */
export const CLUSTER_CELL_PX = 256 / 5;

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
    const near = merged.find(
      (kept) => Math.abs(kept.lng - group.lng) < cellDegrees && Math.abs(kept.y - y) < cellDegrees,
    );
    if (near) near.count += group.count;
    else merged.push({ ...group, y });
  }
  return merged.map(({ lat, lng, count, id }) => ({ lat, lng, count, id }));
}

type Located = { _id: string; coordinates: { lat: number; lng: number } };

/**
 * The server's grouping (grid cells of this zoom, then mergeNearby) for markers the map already
 * holds, at the zoom it shows now: services answered one by one, or closer than a marker at this
 * zoom, become counted clusters, so no pin covers another at any zoom.
 */
export function groupMarkers<T extends Located>(
  services: readonly T[],
  clusters: readonly MapCluster[],
  zoom: number,
): { services: T[]; clusters: MapCluster[] } {
  const cell = clusterCellDegrees(zoom);
  const cells = new Map<string, { lat: number; lng: number; count: number; id: string }>();
  for (const service of services) {
    const { lat, lng } = service.coordinates;
    const key = `${Math.floor(lat / cell)}:${Math.floor(lng / cell)}`;
    const sum = cells.get(key);
    if (!sum) cells.set(key, { lat, lng, count: 1, id: service._id });
    else
      Object.assign(sum, {
        lat: sum.lat + lat,
        lng: sum.lng + lng,
        count: sum.count + 1,
        id: sum.id < service._id ? sum.id : service._id,
      });
  }
  const groups: CellGroup[] = [
    ...[...cells.values()].map((sum) => ({
      lat: sum.lat / sum.count,
      lng: sum.lng / sum.count,
      count: sum.count,
      id: sum.id,
    })),
    // Ids no service has, so a server cluster of one stays a cluster.
    ...clusters.map((cluster, index) => ({ ...cluster, id: `~${index}` })),
  ];
  const byId = new Map(services.map((service) => [service._id, service]));
  const merged = mergeNearby(groups, cell);
  return {
    services: merged.flatMap((group) => (group.count === 1 && byId.has(group.id) ? [byId.get(group.id)!] : [])),
    clusters: merged
      .filter((group) => group.count > 1 || !byId.has(group.id))
      .map(({ lat, lng, count }) => ({ lat, lng, count })),
  };
}
