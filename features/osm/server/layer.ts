import "server-only";

import { getPrisma } from "@/lib/db/server";

/**
 * The OpenStreetMap layer as its own database under the ODbL: every place OSM lists today (hidden
 * ones, which OSM stopped listing, left out) with its tags exactly as imported, never with what an
 * owner entered after claiming it, so the layer can be shared under OSM's licence and attribution.
 */
export const OSM_LICENSE = {
  license: "ODbL-1.0",
  license_url: "https://opendatacommons.org/licenses/odbl/1-0/",
  attribution: "© OpenStreetMap contributors",
  attribution_url: "https://www.openstreetmap.org/copyright",
} as const;

/** Rows per query: the whole layer is streamed page by page, never held at once. */
const PAGE = 2000;

/** A tag for the layer as it is now: the newest write and the number of places shown. */
export async function osmLayerVersion(): Promise<string> {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ shown: number; newest: Date | null; all: number }[]>`
    SELECT count(*) FILTER (WHERE "hiddenAt" IS NULL)::int AS shown, count(*)::int AS all, max("updatedAt") AS newest
    FROM osm_places`;
  return `W/"osm-${row?.shown ?? 0}-${row?.all ?? 0}-${row?.newest?.getTime() ?? 0}"`;
}

/**
 * The GeoJSON FeatureCollection as a stream of text: each feature is built by the database
 * (properties = the tags plus osm_type, osm_id and "@id"), a page of rows at a time by id.
 */
export function osmLayerStream(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const head = JSON.stringify({ type: "FeatureCollection", ...OSM_LICENSE }).slice(0, -1) + ',"features":[';
  let after: string | null = null;
  let first = true;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      const prisma = await getPrisma();
      const rows = await prisma.$queryRaw<{ id: string; feature: string }[]>`
        SELECT id::text AS id, json_build_object(
            'type', 'Feature',
            'id', "osmType"::text || '/' || "osmId"::text,
            'geometry', json_build_object('type', 'Point', 'coordinates', json_build_array(longitude, latitude)),
            'properties', tags || jsonb_build_object('osm_type', "osmType"::text, 'osm_id', "osmId", '@id', "osmType"::text || '/' || "osmId"::text)
          )::text AS feature
        FROM osm_places
        WHERE "hiddenAt" IS NULL AND (${after}::uuid IS NULL OR id > ${after}::uuid)
        ORDER BY id LIMIT ${PAGE}`;
      if (rows.length) {
        const text = rows.map((row) => row.feature).join(",");
        controller.enqueue(encoder.encode((first ? "" : ",") + text));
        first = false;
        after = rows[rows.length - 1]!.id;
      }
      if (rows.length < PAGE) {
        controller.enqueue(encoder.encode("]}"));
        controller.close();
      }
    },
  });
}
