import type { ZodOpenApiPathsObject } from "zod-openapi";

import { itemsQuery } from "@/features/catalog/openapi";
import { ServiceLocationsAnswer } from "@/features/map/answers";
import { errorAnswers, jsonAnswer } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/** The view (features/map/viewport.ts parseViewport) and `fit`, read beside the list's own query. */
const viewQuery = itemsQuery.extend({
  bbox: z.string().optional().meta({
    description: "The visible box: west,south,east,north in degrees. With `zoom`; neither means the whole world.",
  }),
  zoom: z
    .string()
    .regex(/^\d{1,2}$/)
    .optional()
    .meta({ description: "The map's zoom, 0 to 20." }),
  fit: z
    .enum(["1", "true", "0", "false"])
    .optional()
    .meta({ description: "1 adds `bounds`: where every service of the question stands." }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/items/locations": {
    get: {
      tags: ["Map"],
      summary: "Services on the map",
      description:
        "Every service in view, one by one when there are at most 200 of them; a fuller view is grouped into counted clusters about a marker's size. The list's query parameters narrow it to the list's question, as GET /api/items reads them. Cached publicly for 30 seconds.",
      requestParams: { query: viewQuery },
      responses: {
        "200": jsonAnswer("Pins, clusters and how many services the view holds.", ServiceLocationsAnswer),
        ...errorAnswers(400),
      },
    },
  },
};
