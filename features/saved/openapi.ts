import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { savedListAnswer, savedMergeAnswer, savedStateAnswer } from "./answers";
import { savedAddInput, savedMergeInput } from "./schema";

/** The signed-in person's Saved list, kept on the account. */

const tags = ["Saved"];
const security = SESSION;

export const paths: ZodOpenApiPathsObject = {
  "/api/users/saved": {
    get: {
      tags,
      security,
      summary: "The Saved list, with each service's status now",
      responses: { "200": jsonAnswer("Oldest saved first.", savedListAnswer), ...errorAnswers(401) },
    },
    post: {
      tags,
      security,
      summary: "Save one service",
      requestBody: jsonBody(savedAddInput),
      responses: {
        "200": jsonAnswer("Saved (again is no error).", savedStateAnswer.extend({ saved: z.literal(true) })),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
    put: {
      tags,
      security,
      summary: "Merge the device's list into the account's",
      description: "Unknown or hidden services are skipped; what would pass the cap is named in `notAdded`.",
      requestBody: jsonBody(savedMergeInput),
      responses: {
        "200": jsonAnswer("The list after the merge.", savedMergeAnswer),
        ...errorAnswers(400, 401, 403, 413, 415),
      },
    },
  },
  "/api/users/saved/{id}": {
    delete: {
      tags,
      security,
      summary: "Take one service off the list",
      requestParams: { path: z.object({ id: z.string().meta({ description: "The service's id." }) }) },
      responses: {
        "200": jsonAnswer(
          "Off the list (already off is no error).",
          savedStateAnswer.extend({ saved: z.literal(false) }),
        ),
        ...errorAnswers(400, 401, 403),
      },
    },
  },
};
