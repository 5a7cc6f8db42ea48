import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/**
 * GET /api/etc/osm-layer.geojson in the OpenAPI document: the imported OpenStreetMap places for
 * other maps. (The admins' OSM routes under /api/items/admin are in ./openapi.ts.)
 */

const osmFeature = z.object({
  type: z.literal("Feature"),
  id: z.string().meta({ example: "node/123456" }),
  geometry: z.object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z
    .looseObject({ osm_type: z.string(), osm_id: z.union([z.string(), z.number()]), "@id": z.string() })
    .meta({ description: "OpenStreetMap's tags as imported, with the element's type and id." }),
});

export const osmLayerAnswer = z
  .object({
    type: z.literal("FeatureCollection"),
    license: z.literal("ODbL-1.0"),
    license_url: z.string(),
    attribution: z.string(),
    attribution_url: z.string(),
    features: z.array(osmFeature),
  })
  .meta({ id: "OsmLayer" });

export const paths: ZodOpenApiPathsObject = {
  "/api/etc/osm-layer.geojson": {
    get: {
      tags: ["OpenStreetMap"],
      summary: "The imported OpenStreetMap places as GeoJSON (ODbL, with OSM's attribution)",
      requestParams: { header: z.object({ "if-none-match": z.string().optional() }) },
      responses: {
        "200": {
          description: "Streamed; kept ten minutes by browsers and proxies, with an ETag.",
          content: { "application/geo+json": { schema: osmLayerAnswer } },
        },
        "304": { description: "Not changed since the ETag given." },
        ...errorAnswers(),
      },
    },
  },
};
