import type { ZodOpenApiPathsObject } from "zod-openapi";

import { reverseGeocodeAnswer } from "@/features/listings/answers";
import { errorAnswers, jsonAnswer } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/** GET /api/geocode/reverse in the OpenAPI document: the address under a pin of the listing form. */

export const paths: ZodOpenApiPathsObject = {
  "/api/geocode/reverse": {
    get: {
      tags: ["Listings"],
      summary: "The address at a point (Nominatim, cached)",
      requestParams: {
        query: z.object({
          lat: z.string().meta({ description: "Latitude, a decimal number.", example: "50.45" }),
          lng: z.string().meta({ description: "Longitude, a decimal number.", example: "30.52" }),
        }),
      },
      responses: {
        "200": jsonAnswer("The address (or the coordinates, when the lookup failed).", reverseGeocodeAnswer),
        ...errorAnswers(400, 429),
      },
    },
  },
};
