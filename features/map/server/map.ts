import "server-only";

import { PUBLISHED } from "@/features/catalog/server/sql-fragments";
import {
  clusterCellDegrees,
  MAP_SERVICES_MAX,
  MAX_MAP_POINTS,
  mergeNearby,
  WHOLE_WORLD,
  type MapCluster,
  type Viewport,
} from "@/features/map/viewport";
import { rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

import { cellGroups, inBox } from "./map-grid";

export type ServiceLocation = {
  _id: string;
  name: string;
  role: "sto" | "mechanic";
  coordinates: { lat: number; lng: number };
  rating: { avg: number };
  address: string;
  /** Where it came from and whether it is claimed: the popup labels an unclaimed imported place. */
  source: "owner" | "osm";
  claimed: boolean;
};

export type ServiceLocations = { services: ServiceLocation[]; clusters: MapCluster[]; total: number };

/** A view's answer costs a scan of everything in it, and most map openings ask for the same view. */
const LOCATIONS_KEEP_MS = 30_000;

/**
 * GET /api/items/locations: every service in view when there are at most MAP_SERVICES_MAX of them
 * (the spec's "the map call returns services"; the home map centres on their average). More are
 * grouped by a grid of about a marker's size at this zoom (kept per zoom or in SQL, ./map-grid.ts,
 * so the answer stays small at any scale): a cell with one service is that service's pin, a
 * fuller cell a counted cluster.
 */
export function listServiceLocations(viewport: Viewport = WHOLE_WORLD): Promise<ServiceLocations> {
  const key = `locations:${viewport.west},${viewport.south},${viewport.east},${viewport.north},${viewport.zoom}`;
  return rememberRead(key, () => queryServiceLocations(viewport), { keepMs: LOCATIONS_KEEP_MS });
}

type LocationRow = {
  id: string;
  name: string;
  role: "sto" | "mechanic";
  latitude: number;
  longitude: number;
  ratingAvg: number;
  address: string;
  source: "owner" | "osm";
  claimed: boolean;
};

const toLocation = (row: LocationRow): ServiceLocation => ({
  _id: row.id,
  name: row.name,
  role: row.role,
  coordinates: { lat: row.latitude, lng: row.longitude },
  rating: { avg: row.ratingAvg },
  address: row.address,
  source: row.source,
  claimed: row.claimed,
});

const LOCATION_COLUMNS = Prisma.sql`s.id, s.name, s.role::text AS role, s.latitude, s.longitude, s."ratingAvg", s.address,
  s.source::text AS source, s.claimed`;

async function queryServiceLocations(viewport: Viewport): Promise<ServiceLocations> {
  const prisma = await getPrisma();
  // No ORDER BY, so a crowded view stops the scan at the first MAP_SERVICES_MAX + 1 rows.
  const few = await prisma.$queryRaw<
    LocationRow[]
  >`SELECT ${LOCATION_COLUMNS} FROM services s WHERE ${PUBLISHED} AND ${inBox(viewport)} LIMIT ${MAP_SERVICES_MAX + 1}`;
  if (few.length <= MAP_SERVICES_MAX) {
    return { services: few.sort((a, b) => (a.id < b.id ? -1 : 1)).map(toLocation), clusters: [], total: few.length };
  }
  const cell = clusterCellDegrees(viewport.zoom);
  const cells = mergeNearby(await cellGroups(viewport, cell), cell);
  const pinIds = cells
    .filter((group) => group.count === 1)
    .slice(0, MAX_MAP_POINTS)
    .map((group) => group.id);
  const rows = pinIds.length
    ? await prisma.$queryRaw<
        LocationRow[]
      >`SELECT ${LOCATION_COLUMNS} FROM services s WHERE s.id = ANY(${pinIds}::uuid[]) ORDER BY s.id`
    : [];
  const pinned = new Set(pinIds);
  return {
    services: rows.map(toLocation),
    clusters: cells.filter((group) => !pinned.has(group.id)).map(({ lat, lng, count }) => ({ lat, lng, count })),
    total: cells.reduce((sum, group) => sum + group.count, 0),
  };
}
