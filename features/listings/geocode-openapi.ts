import type { ZodOpenApiPathsObject } from "zod-openapi";

import type { ReverseGeocode } from "@/features/listings/server/geocode";
import { errorAnswers, jsonAnswer } from "@/lib/http/openapi-common";
import type { SameShape } from "@/lib/same-shape";
import { z } from "@/lib/zod";

/** GET /api/geocode/reverse in the OpenAPI document: the address under a pin of the listing form. */

export const reverseGeocodeAnswer = z
  .object({
    address: z.string().meta({ description: "In the caller's language; the coordinates themselves as a fallback." }),
    lat: z.number(),
    lng: z.number(),
    source: z.enum(["nominatim", "cache", "coordinates"]),
  })
  .meta({ id: "ReverseGeocode" });

export const reverseGeocodeAgrees: SameShape<ReverseGeocode, z.infer<typeof reverseGeocodeAnswer>> = true;

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
