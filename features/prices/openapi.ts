import type { ZodOpenApiPathsObject } from "zod-openapi";

import { PriceListAnswer } from "@/features/prices/answers";
import { priceListInput } from "@/features/prices/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";

export const paths: ZodOpenApiPathsObject = {
  "/api/items/users/{id}/prices": {
    get: {
      tags: ["Prices"],
      security: SESSION,
      summary: "The owner's price list",
      description: "The \"from\" prices of the owner's service (or any, for an admin), in the owner's order.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The lines and when they were last changed.", PriceListAnswer),
        ...errorAnswers(401, 403, 404),
      },
    },
    put: {
      tags: ["Prices"],
      security: SESSION,
      summary: "Replace the price list",
      description:
        'The whole list at once (at most 30 lines, each catalogue job once, own lines with a label); an empty list means "no prices".',
      requestParams: { path: idPath },
      requestBody: jsonBody(priceListInput),
      responses: {
        "200": jsonAnswer("The list as stored.", PriceListAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
  },
};
