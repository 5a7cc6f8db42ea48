import type { OverpassElement } from "@/features/osm/types";
import { z } from "@/lib/zod";

/**
 * One element of an Overpass answer as the import needs it: a node, way or relation with a numeric
 * id and a position (its own lat/lon, or the `center` that `out center` gives ways and relations).
 * Whether the position is on the globe is the mapping's question (features/osm/mapping.ts).
 */
// zod 4 numbers are finite: no NaN or Infinity gets through.
const coordinate = z.number();
const element = z.object({
  type: z.enum(["node", "way", "relation"]),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lat: coordinate.optional(),
  lon: coordinate.optional(),
  center: z.object({ lat: coordinate, lon: coordinate }).optional(),
  // `out meta`'s time of the element's last edit; an unreadable one is no time, not a bad element.
  timestamp: z.iso.datetime({ offset: true }).optional().catch(undefined),
  // Tag values are strings in OSM; anything else an answer might carry is left out, not fatal.
  tags: z
    .record(z.string(), z.unknown())
    .transform(
      (tags) =>
        Object.fromEntries(Object.entries(tags).filter((entry) => typeof entry[1] === "string")) as Record<
          string,
          string
        >,
    )
    .optional(),
});

function hasPosition(candidate: z.infer<typeof element>): boolean {
  return (candidate.lat !== undefined && candidate.lon !== undefined) || candidate.center !== undefined;
}

/**
 * A position, or the element is kept out; extra fields (nodes, geometry, version, and the mapper's
 * user name and id that `out meta` adds) are dropped.
 */
function readElement(value: unknown): OverpassElement | null {
  const parsed = element.safeParse(value);
  if (!parsed.success || !hasPosition(parsed.data)) return null;
  const { type, id, lat, lon, center, timestamp, tags } = parsed.data;
  return {
    type,
    id,
    ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}),
    ...(center ? { center } : {}),
    ...(timestamp ? { timestamp } : {}),
    ...(tags ? { tags } : {}),
  };
}

/**
 * An Overpass API answer (`[out:json]`): an object with an `elements` array, or an error. Elements
 * of any other shape are kept out and counted in `skipped`, never failing the whole answer.
 * `remark` is what Overpass writes when a query ran out of time or memory: the elements are then
 * only part of the truth, and an import must not read the places missing from them as gone.
 */
export const overpassAnswer = z
  .object(
    {
      elements: z.array(z.unknown(), { error: "An Overpass answer has an elements list" }),
      remark: z.string().optional().catch(undefined),
    },
    { error: "An Overpass answer is a JSON object with an elements list" },
  )
  .transform(({ elements, remark }) => {
    const read = elements.map(readElement).filter((candidate) => candidate !== null);
    return { elements: read, skipped: elements.length - read.length, ...(remark ? { remark } : {}) };
  });

export type OverpassAnswer = z.output<typeof overpassAnswer>;
