import type { ZodOpenApiPathsObject } from "zod-openapi";

import { adminListQuery } from "@/features/admin/schema";
import { AdminServicePageAnswer, serviceBlockAnswer } from "@/features/admin/services-answers";
import { EditableServiceAnswer } from "@/features/listings/answers";
import { servicePatch } from "@/features/listings/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, messageBody, SESSION } from "@/lib/http/openapi-common";
import type { z } from "@/lib/zod";

/** The admins' routes over every service (/api/items/admin…); the rest of the admin area is ./openapi.ts. */

const tags = ["Admin"];
const security = SESSION;

/** The patch without `_id`: the path names the service. */
const patchFromPath = (servicePatch as unknown as z.ZodObject).omit({ _id: true });

export const paths: ZodOpenApiPathsObject = {
  "/api/items/admin": {
    get: {
      tags,
      security,
      summary: "Every service",
      description:
        "For admins: every service, unpaid, blocked and unclaimed ones too, newest first; `keyword` searches the name, e-mail, address and owner's name literally.",
      requestParams: { query: adminListQuery },
      responses: {
        "200": jsonAnswer("A page of services.", AdminServicePageAnswer),
        ...errorAnswers(400, 401, 403),
      },
    },
  },
  "/api/items/admin/{id}": {
    get: {
      tags,
      security,
      summary: "A service, to edit",
      description: "For admins: any service as its owner's edit form reads it.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The service.", EditableServiceAnswer),
        ...errorAnswers(401, 403, 404),
      },
    },
    put: {
      tags,
      security,
      summary: "Change a service",
      description: "For admins: only the changed fields, as for owners; audited with the names of the fields changed.",
      requestParams: { path: idPath },
      requestBody: jsonBody(patchFromPath),
      responses: {
        "200": jsonAnswer("The service as stored.", EditableServiceAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
    delete: {
      tags,
      security,
      summary: "Delete a service",
      description: "For admins: the service goes with its reviews and hours; audited.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("Deleted: a translated sentence.", messageBody),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
  "/api/items/admin/{id}/block": {
    put: {
      tags,
      security,
      summary: "Block or unblock a service",
      description: "For admins: toggles whether the service is blocked (a blocked service is not listed).",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("Whether it is blocked now, and a translated sentence.", serviceBlockAnswer),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
};
