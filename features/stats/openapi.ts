import type { ZodOpenApiPathsObject } from "zod-openapi";

import { ServiceStatsAnswer } from "@/features/stats/answers";
import { statDaysInput, statEventInput } from "@/features/stats/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

export const paths: ZodOpenApiPathsObject = {
  "/api/items/{id}/events": {
    post: {
      tags: ["Stats"],
      summary: "Count a visitor's event",
      description:
        "Sent by navigator.sendBeacon from the pages: a view, a call, directions, a messenger or a save. No cookies and no personal data: a repeat by the same address the same day is not counted again; robots and events past an address's hourly limit are dropped silently.",
      requestParams: { path: idPath },
      requestBody: jsonBody(statEventInput),
      responses: {
        "204": { description: "Received (counted or not)." },
        ...errorAnswers(400, 403, 404, 413, 415),
      },
    },
  },
  "/api/items/users/{id}/stats": {
    get: {
      tags: ["Stats"],
      security: SESSION,
      summary: "A service's statistics",
      description:
        "The owner's (or an admin's) last `days` days (7 to 366, default 30) in the service's time zone, zeros included, and the totals.",
      requestParams: { path: idPath, query: z.object({ days: statDaysInput.optional() }) },
      responses: {
        "200": jsonAnswer("Counts per day and kind.", ServiceStatsAnswer),
        ...errorAnswers(400, 401, 403, 404),
      },
    },
  },
};
