import "server-only";

import { PUBLISHED } from "@/domain/service/server/published";
import type { ItemsQuery } from "@/features/catalog/items-query";
import { listConditions } from "@/features/catalog/server/list";
import type { MapBounds, ServiceLocation, ServiceLocations } from "@/features/map/answers";
import {
  clusterCellDegrees,
  MAP_SERVICES_MAX,
  MAX_MAP_POINTS,
  mergeNearby,
  WHOLE_WORLD,
  type Viewport,
} from "@/features/map/viewport";
import { minuteOf, rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

import { cellGroups, inBox, type Matching } from "./map-grid";

/** A view's answer costs a scan of everything in it, and most map openings ask for the same view. */
const LOCATIONS_KEEP_MS = 30_000;

/**
 * The parts of the list's query that decide which services match (the page, its sort and the
 * point it is measured from only order them), as a key: a question the map is asked, or "" for
 * the whole catalogue. "Open now" depends on the instant too, counted by its minute as the list does.
 */
function questionKey(query: ItemsQuery | undefined, instant: Date): string {
  if (!query) return "";
  const { filter, onthego, keyword, prices, job, open } = query;
  if (!(filter || onthego || keyword || prices || job || open)) return "";
  // QUESTION_KEYS (../query-map-url.ts) are what the map sends; userDateTime counts as the instant here.
  return JSON.stringify({ filter, onthego, keyword, prices, job, open, at: open ? minuteOf(instant) : undefined });
}

/** The list's conditions for the question, in their shape for reading many rows (listConditions). */
async function matching(query: ItemsQuery, instant: Date): Promise<Matching> {
  const { source, where, open } = await listConditions(query, instant);
  return { source, where: Prisma.join(open ? [...where, open.set] : where, " AND ") };
}

const instantOf = (query: ItemsQuery | undefined, now: Date) =>
  query?.userDateTime ? new Date(query.userDateTime) : now;

/**
 * GET /api/items/locations: every service in view when there are at most MAP_SERVICES_MAX of them
 * (the spec's "the map call returns services"; the home map centres on their average). More are
 * grouped by a grid of about a marker's size at this zoom (kept per zoom or in SQL, ./map-grid.ts,
 * so the answer stays small at any scale): a cell with one service is that service's pin, a
 * fuller cell a counted cluster.
 *
 * With the list's query (the map of a list's results), only the services the list finds for it,
 * read through the list's own conditions and grouped live by the same grid: the kept cells count
 * every published service. Without a filter it is the whole catalogue's answer, kept cells and all.
 */
export function listServiceLocations(
  viewport: Viewport = WHOLE_WORLD,
  query?: ItemsQuery,
  now: Date = new Date(),
): Promise<ServiceLocations> {
  const instant = instantOf(query, now);
  const question = questionKey(query, instant);
  const view = `${viewport.west},${viewport.south},${viewport.east},${viewport.north},${viewport.zoom}`;
  const key = question ? `locations:${view}:${question}` : `locations:${view}`;
  return rememberRead(
    key,
    async () => queryServiceLocations(viewport, question ? await matching(query!, instant) : undefined),
    { keepMs: LOCATIONS_KEEP_MS },
  );
}

/**
 * The box around every service of the question (or of the whole catalogue), whatever is in view:
 * the list's map opens on all its results. The same for every view of a question, so kept apart.
 */
export function serviceBounds(query?: ItemsQuery, now: Date = new Date()): Promise<MapBounds> {
  const instant = instantOf(query, now);
  const question = questionKey(query, instant);
  return rememberRead(
    `locations-bounds:${question}`,
    async () => {
      const { source, where } = question
        ? await matching(query!, instant)
        : { source: Prisma.sql`services s`, where: PUBLISHED };
      const prisma = await getPrisma();
      const [box] = await prisma.$queryRaw<
        { south: number | null; west: number | null; north: number | null; east: number | null }[]
      >`SELECT min(s.latitude) AS south, min(s.longitude) AS west, max(s.latitude) AS north, max(s.longitude) AS east
        FROM ${source} WHERE ${where}`;
      return box && box.south !== null
        ? { south: box.south, west: box.west!, north: box.north!, east: box.east! }
        : null;
    },
    { keepMs: LOCATIONS_KEEP_MS },
  );
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

async function queryServiceLocations(viewport: Viewport, question?: Matching): Promise<ServiceLocations> {
  const prisma = await getPrisma();
  const { source, where } = question ?? { source: Prisma.sql`services s`, where: PUBLISHED };
  // No ORDER BY, so a crowded view stops the scan at the first MAP_SERVICES_MAX + 1 rows.
  const few = await prisma.$queryRaw<
    LocationRow[]
  >`SELECT ${LOCATION_COLUMNS} FROM ${source} WHERE ${where} AND ${inBox(viewport)} LIMIT ${MAP_SERVICES_MAX + 1}`;
  if (few.length <= MAP_SERVICES_MAX) {
    return { services: few.sort((a, b) => (a.id < b.id ? -1 : 1)).map(toLocation), clusters: [], total: few.length };
  }
  const cell = clusterCellDegrees(viewport.zoom);
  const cells = mergeNearby(await cellGroups(viewport, cell, question), cell);
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
