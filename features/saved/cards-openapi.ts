import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { savedListAnswer } from "./answers";

/** Saved services' status for anyone's Saved list (the account's own list is ./openapi.ts). */
export const paths: ZodOpenApiPathsObject = {
  "/api/items/cards": {
    get: {
      tags: ["Saved"],
      summary: "Saved services' status and contacts now",
      description:
        "For a Saved list kept on the device, signed in or not: the published services among `ids` (comma-separated UUIDs, at most 100), in the order asked, with their opening status at `at`; services no longer published are left out. Cached publicly for 30 seconds.",
      requestParams: {
        query: z.object({
          ids: z.string().meta({ description: "Comma-separated service ids (UUIDs), 1 to 100." }),
        }),
      },
      responses: {
        "200": jsonAnswer("The cards, in the order asked.", savedListAnswer),
        ...errorAnswers(400),
      },
    },
  },
};
