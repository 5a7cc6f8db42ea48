import { createDocument, type ZodOpenApiPathItemObject, type ZodOpenApiPathsObject } from "zod-openapi";

import { paths as accounts, nextAuthPaths } from "@/features/accounts/openapi";
import { SESSION_COOKIE } from "@/features/accounts/session-cookie";
import { paths as admin } from "@/features/admin/openapi";
import { paths as adminServices } from "@/features/admin/services-openapi";
import { paths as catalog } from "@/features/catalog/openapi";
import { paths as claims } from "@/features/claims/openapi";
import { paths as feedback } from "@/features/feedback/openapi";
import { paths as hours } from "@/features/hours/openapi";
import { paths as geocode } from "@/features/listings/geocode-openapi";
import { paths as listings } from "@/features/listings/openapi";
import { paths as map } from "@/features/map/openapi";
import { paths as notifications } from "@/features/notifications/openapi";
import { paths as push } from "@/features/notifications/push/openapi";
import { paths as telegram } from "@/features/notifications/telegram/openapi";
import { paths as osmLayer } from "@/features/osm/layer-openapi";
import { paths as osm } from "@/features/osm/openapi";
import { paths as payments } from "@/features/payments/openapi";
import { paths as prices } from "@/features/prices/openapi";
import { paths as booking } from "@/features/requests/booking/openapi";
import { paths as requestJobs } from "@/features/requests/job/openapi";
import { paths as requests } from "@/features/requests/openapi";
import { paths as reviews } from "@/features/reviews/openapi";
import { paths as savedCards } from "@/features/saved/cards-openapi";
import { paths as saved } from "@/features/saved/openapi";
import { paths as stats } from "@/features/stats/openapi";
import { paths as uploads } from "@/features/uploads/openapi";
import { paths as health } from "@/lib/health-openapi";
import { errorAnswers } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/**
 * The OpenAPI 3.1 document of the public /api contract. Like jobs.ts, this file wires the features
 * into one whole (lib/ stays free of them): each feature describes its routes in
 * features/<f>/openapi.ts with the same zod schemas its routes validate with and answer by, and
 * they are merged here. Served at /api/openapi.json; tests/unit/openapi.test.ts validates it and
 * checks every route handler is in it, and the integration tests check every answer they receive
 * against it (tests/helpers/openapi-check.ts).
 */

const OPENAPI_JSON_PATH = "/api/openapi.json";

const own: ZodOpenApiPathsObject = {
  [OPENAPI_JSON_PATH]: {
    get: {
      tags: ["API"],
      summary: "This document",
      responses: {
        "200": {
          description: "The OpenAPI 3.1 document of the API, generated from its zod schemas.",
          content: { "application/json": { schema: z.looseObject({ openapi: z.string(), paths: z.looseObject({}) }) } },
        },
        ...errorAnswers(),
      },
    },
  },
};

/** The development trigger of app/api/dev/jobs (DEV_JOB_TRIGGER): not part of a deployment's API. */
const development: ZodOpenApiPathsObject = {
  "/api/dev/jobs/{name}": {
    post: {
      tags: ["Development"],
      summary: "Run a periodic job now, as at a given time",
      description:
        "Development and the end-to-end server only: a 404 in production unless DEV_JOB_TRIGGER=true. Runs the job named in jobs.ts in this request, as at `at` (an ISO time; now if not given), and answers what it did.",
      requestParams: {
        path: z.object({ name: z.string().meta({ description: "A job's name in jobs.ts, e.g. quote-requests." }) }),
        query: z.object({ at: z.string().optional().meta({ description: "The time to run it as at (ISO 8601)." }) }),
      },
      responses: {
        "200": {
          description: "The job ran.",
          content: { "application/json": { schema: z.object({ name: z.string(), result: z.unknown() }) } },
        },
        ...errorAnswers(400, 404),
      },
    },
  },
};

const FEATURES: ZodOpenApiPathsObject[] = [
  own,
  development,
  health,
  accounts,
  nextAuthPaths,
  admin,
  saved,
  feedback,
  payments,
  uploads,
  geocode,
  osmLayer,
  catalog,
  map,
  reviews,
  claims,
  requests,
  requestJobs,
  booking,
  hours,
  prices,
  stats,
  listings,
  osm,
  adminServices,
  savedCards,
  notifications,
  telegram,
  push,
];

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/**
 * The features' paths in one object. A path may be described by several features (GET /api/users
 * is the admins' list, POST the sign-up), each method by exactly one: a second is a mistake.
 */
export function mergePaths(parts: ZodOpenApiPathsObject[]): ZodOpenApiPathsObject {
  const merged: Record<string, ZodOpenApiPathItemObject> = {};
  for (const part of parts)
    for (const [path, item] of Object.entries(part) as [string, ZodOpenApiPathItemObject][]) {
      const into = (merged[path] ??= {});
      for (const method of METHODS) {
        if (!item[method]) continue;
        if (into[method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is described twice`);
        into[method] = item[method];
      }
    }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}

/** Every operation of the API with its zod schemas: the document's source, and what tests check answers with. */
export const API_PATHS = mergePaths(FEATURES);

let document: ReturnType<typeof createDocument> | null = null;

/** The document, built once per process (the schemas do not change while it runs). */
export function openApiDocument(): ReturnType<typeof createDocument> {
  document ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Maister API",
      version: "1",
      description:
        "The public HTTP API of Maister, a directory of car services. Errors are JSON with a message key and its text in the caller's language (?lng, the NEXT_LOCALE cookie or Accept-Language). Writes from a browser must be same-origin.",
      license: { name: "Proprietary" },
    },
    servers: [{ url: "/", description: "This instance" }],
    paths: API_PATHS,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie POST /api/users/login sets (HttpOnly; opaque; ends at sign-out).",
        },
      },
    },
  });
  return document;
}
