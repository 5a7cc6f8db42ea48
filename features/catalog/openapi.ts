import type { ZodOpenApiPathsObject } from "zod-openapi";

import { ServiceCardAnswer, ServiceDetailAnswer, ServicePageAnswer } from "@/features/catalog/answers";
import { itemsQueryFields } from "@/features/catalog/items-query";
import { errorAnswers, idPath, jsonAnswer } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/** The list's query: every parameter optional, each refused alone with its own key. */
export const itemsQuery = z.object(itemsQueryFields).partial();

export const paths: ZodOpenApiPathsObject = {
  "/api/items": {
    get: {
      tags: ["Catalog"],
      summary: "List published services",
      description:
        "A page of the filtered and sorted list of published services (12 a page). `filter` picks stations or masters, `keyword` searches names, kinds of work and price lines, `near` (\"lat,lng\") orders by distance (the masters who come to the point first, unless `sort=nearest` orders every service by its own distance), `job` with `prices` shows a job's price, `open` keeps those open at `userDateTime` (the visitor's clock) or now.",
      requestParams: { query: itemsQuery },
      responses: {
        "200": jsonAnswer("The page, its number and how many pages there are.", ServicePageAnswer),
        ...errorAnswers(400),
      },
    },
  },
  "/api/items/top": {
    get: {
      tags: ["Catalog"],
      summary: "Best rated services",
      description:
        "The eight best rated published services with enough reviews for the rating to mean something. Cached publicly for 30 seconds.",
      responses: {
        "200": jsonAnswer("The services, best first.", z.array(ServiceCardAnswer)),
        ...errorAnswers(),
      },
    },
  },
  "/api/items/{id}": {
    get: {
      tags: ["Catalog"],
      summary: "One published service",
      description: "A published service with its photos, hours, dated exceptions, prices and reviews.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The service.", ServiceDetailAnswer),
        ...errorAnswers(400, 404),
      },
    },
  },
};
