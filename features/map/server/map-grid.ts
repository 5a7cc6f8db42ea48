import "server-only";

import { distanceKm } from "@/domain/service/distance";
import { PUBLISHED } from "@/domain/service/server/published";
import { clusterCellDegrees, type CellGroup, type Viewport } from "@/features/map/viewport";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The home map's clusters for a crowded view. Grouping every published service in a wide view
 * costs a scan of all of them (up to the whole catalogue at country zoom), so the groups of every
 * zoom up to MAP_GRID_MAX_ZOOM are kept in `map_cells`, rebuilt by the "map-cells" job after a
 * change; deeper views hold few services and are grouped live.
 *
 * The cells of one zoom are exactly four of the next one's (clusterCellDegrees halves per zoom and
 * floor(floor(x) / 2) = floor(x / 2)), so the rebuild groups services once, at the deepest zoom, and
 * folds each zoom from the one below. A view takes the whole cells it touches, live or kept, so
 * both ways give the same groups and a cluster does not change its count as the map pans.
 *
 * Freshness: the trigger on `services` (migration 20261123173243_map_cells) flags the cells dirty in
 * the writer's transaction; while they are dirty every view is grouped live, so a committed change
 * is never missing from a map answer, only slower to compute until the job has rebuilt them.
 */
export const MAP_GRID_MAX_ZOOM = 11;
/** Views narrower than this (diagonal) are searched through the location index; wider ones are a scan anyway. */
const INDEXED_VIEW_KM = 300;

type Box = { south: number; north: number; west: number; east: number };

/** Services inside the box. A small box also names the sphere around it, which the GiST index on locations answers. */
export function inBox({ south, north, west, east }: Box): Prisma.Sql {
  const exact = Prisma.sql`s.latitude BETWEEN ${south} AND ${north} AND s.longitude BETWEEN ${west} AND ${east}`;
  const centre = { lat: (south + north) / 2, lng: (west + east) / 2 };
  const reach = Math.max(
    distanceKm(centre, { lat: south, lng: west }),
    distanceKm(centre, { lat: north, lng: east }),
    distanceKm(centre, { lat: north, lng: west }),
  );
  if (2 * reach > INDEXED_VIEW_KM) return exact;
  // earth_box bounds a sphere by a cube, a superset of it; one metre more covers rounding.
  return Prisma.sql`${exact} AND earth_box(ll_to_earth(${centre.lat}::float8, ${centre.lng}::float8), ${reach * 1000 + 1}::float8) @> ll_to_earth(s.latitude, s.longitude)`;
}

type CellRange = { zoom: number; cell: number; cy0: number; cy1: number; cx0: number; cx1: number };

/** Which services a question reads: its source (`services s`, maybe joined) and its whole condition. */
export type Matching = { source: Prisma.Sql; where: Prisma.Sql };

function cellRange(viewport: Viewport, cell: number): CellRange {
  return {
    zoom: viewport.zoom,
    cell,
    cy0: Math.floor(viewport.south / cell),
    cy1: Math.floor(viewport.north / cell),
    cx0: Math.floor(viewport.west / cell),
    cx1: Math.floor(viewport.east / cell),
  };
}

/**
 * The published services of every grid cell the view touches, grouped per cell; with a question,
 * only its services, always grouped live (the kept cells count every published service).
 */
export async function cellGroups(viewport: Viewport, cell: number, question?: Matching): Promise<CellGroup[]> {
  const range = cellRange(viewport, cell);
  if (question) return liveGroups(range, question);
  if (range.zoom <= MAP_GRID_MAX_ZOOM && !(await gridDirty())) return keptGroups(range);
  return liveGroups(range, { source: Prisma.sql`services s`, where: PUBLISHED });
}

async function gridDirty(): Promise<boolean> {
  const prisma = await getPrisma();
  const [state] = await prisma.$queryRaw<{ dirty: boolean }[]>`SELECT dirty FROM map_cells_state WHERE id = 1`;
  return state?.dirty ?? true;
}

async function keptGroups({ zoom, cy0, cy1, cx0, cx1 }: CellRange): Promise<CellGroup[]> {
  const prisma = await getPrisma();
  return prisma.$queryRaw<CellGroup[]>`
    SELECT "sumLat" / count AS lat, "sumLng" / count AS lng, count, "minId" AS id
    FROM map_cells WHERE zoom = ${zoom} AND cy BETWEEN ${cy0} AND ${cy1} AND cx BETWEEN ${cx0} AND ${cx1}`;
}

async function liveGroups({ cell, cy0, cy1, cx0, cx1 }: CellRange, { source, where }: Matching): Promise<CellGroup[]> {
  const prisma = await getPrisma();
  // The box narrows the scan; the cell numbers decide, as in the rebuild.
  const box = inBox({ south: cy0 * cell, north: (cy1 + 1) * cell, west: cx0 * cell, east: (cx1 + 1) * cell });
  return prisma.$queryRaw<CellGroup[]>`
    SELECT avg(s.latitude)::float8 AS lat, avg(s.longitude)::float8 AS lng, count(*)::int AS count, min(s.id::text) AS id
    FROM ${source}
    WHERE ${where} AND ${box} AND floor(s.latitude / ${cell}) BETWEEN ${cy0} AND ${cy1} AND floor(s.longitude / ${cell}) BETWEEN ${cx0} AND ${cx1}
    GROUP BY floor(s.latitude / ${cell}), floor(s.longitude / ${cell})`;
}

/**
 * The "map-cells" job: rebuilds every kept zoom in one transaction when the cells are dirty (null
 * when they were not). The
 * state row is claimed first (SKIP LOCKED: another instance's rebuild, or a writer still flagging
 * it, means "not now"), and a writer that changes services meanwhile waits for that row and flags
 * it again after this commits, so a change made during a rebuild is never lost.
 */
export async function rebuildMapCells(): Promise<{ cells: number } | null> {
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const claimed = await tx.$queryRaw<
        { id: number }[]
      >`SELECT id FROM map_cells_state WHERE id = 1 AND dirty FOR UPDATE SKIP LOCKED`;
      if (!claimed.length) return null;
      await tx.$executeRaw`UPDATE map_cells_state SET dirty = false, "rebuiltAt" = now() WHERE id = 1`;
      await tx.$executeRaw`DELETE FROM map_cells`;
      const deepest = clusterCellDegrees(MAP_GRID_MAX_ZOOM);
      let cells = await tx.$executeRaw`
        INSERT INTO map_cells (zoom, cy, cx, count, "sumLat", "sumLng", "minId")
        SELECT ${MAP_GRID_MAX_ZOOM}::smallint, floor(s.latitude / ${deepest}::float8)::int, floor(s.longitude / ${deepest}::float8)::int,
          count(*)::int, sum(s.latitude), sum(s.longitude), min(s.id::text)
        FROM services s WHERE ${PUBLISHED}
        GROUP BY 2, 3`;
      for (let zoom = MAP_GRID_MAX_ZOOM - 1; zoom >= 0; zoom--) {
        cells += await tx.$executeRaw`
          INSERT INTO map_cells (zoom, cy, cx, count, "sumLat", "sumLng", "minId")
          SELECT ${zoom}::smallint, floor(cy / 2.0)::int, floor(cx / 2.0)::int, sum(count)::int, sum("sumLat"), sum("sumLng"), min("minId")
          FROM map_cells WHERE zoom = ${zoom + 1}
          GROUP BY 2, 3`;
      }
      return { cells };
    },
    { timeout: 60_000 },
  );
}
