import type { ZodOpenApiPathsObject } from "zod-openapi";

import { jobStatusAnswer, livenessAnswer, readinessAnswer } from "@/lib/health";
import { jsonAnswer } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

/** The health routes in the OpenAPI document: what balancers, orchestrators and tools ask. */

/** GET /api/health: the database's state; for a signed-in admin also each periodic job's last runs (no error text). */
export const healthAnswer = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    jobs: z
      .array(jobStatusAnswer)
      .optional()
      .meta({ description: "Only for a signed-in admin; absent for everyone else and when they cannot be read." }),
  })
  .meta({ id: "Health" });

const tags = ["Health"];

export const paths: ZodOpenApiPathsObject = {
  "/api/health": {
    get: {
      tags,
      summary: "The database's state (and, for admins, the periodic jobs' last runs)",
      responses: {
        "200": jsonAnswer("The database answers.", healthAnswer),
        "503": jsonAnswer("The database does not answer.", healthAnswer),
      },
    },
  },
  "/api/livez": {
    get: {
      tags,
      summary: "Liveness: the process answers (no database asked)",
      responses: { "200": jsonAnswer("Alive, draining or not.", livenessAnswer) },
    },
  },
  "/api/readyz": {
    get: {
      tags,
      summary: "Readiness: database reachable, migrations applied, not draining",
      responses: {
        "200": jsonAnswer("Ready for traffic.", readinessAnswer),
        "503": jsonAnswer("Not ready: each check says why.", readinessAnswer),
      },
    },
  },
};
