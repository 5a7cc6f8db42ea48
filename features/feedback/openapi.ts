import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, messageBody } from "@/lib/http/openapi-common";

import { feedbackInput } from "./schema";

/** The home page's feedback form. */
export const paths: ZodOpenApiPathsObject = {
  "/api/etc/feedback": {
    post: {
      tags: ["Feedback"],
      summary: "Send feedback to the site's admins",
      requestBody: jsonBody(feedbackInput),
      responses: { "201": jsonAnswer("Received.", messageBody), ...errorAnswers(400, 403, 413, 415, 429) },
    },
  },
};
