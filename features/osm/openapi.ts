import type { ZodOpenApiPathsObject } from "zod-openapi";

import { lastRunAnswer, osmLinksAnswer, runStartedAnswer } from "@/features/osm/answers";
import { osmLinkInput } from "@/features/osm/link-schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, messageBody, SESSION } from "@/lib/http/openapi-common";

/** The admins' side of the OpenStreetMap import (the public layer is ./layer-openapi.ts). */
export const paths: ZodOpenApiPathsObject = {
  "/api/items/admin/osm-import": {
    get: {
      tags: ["OpenStreetMap", "Admin"],
      security: SESSION,
      summary: "The last import run",
      description: "For admins: the last OpenStreetMap import run with its counts, or null before the first.",
      responses: {
        "200": jsonAnswer("The last run.", lastRunAnswer),
        ...errorAnswers(401, 403),
      },
    },
    post: {
      tags: ["OpenStreetMap", "Admin"],
      security: SESSION,
      summary: "Start an import now",
      description:
        "Opens a run and answers at once; the run goes on in the background (read it with GET). 409 while a run is going.",
      responses: {
        "202": jsonAnswer("The run's id.", runStartedAnswer),
        ...errorAnswers(401, 403, 409, 415),
      },
    },
  },
  "/api/items/admin/osm-places": {
    get: {
      tags: ["OpenStreetMap", "Admin"],
      security: SESSION,
      summary: "Imported places linked or separated",
      description:
        "For admins: imported places linked to an owner's listing, or separated by an admin, newest first (at most 200).",
      responses: {
        "200": jsonAnswer("The places.", osmLinksAnswer),
        ...errorAnswers(401, 403),
      },
    },
  },
  "/api/items/admin/osm-places/{id}": {
    put: {
      tags: ["OpenStreetMap", "Admin"],
      security: SESSION,
      summary: "Link or separate an imported place",
      description:
        "An admin's word, which later imports keep: a service id links the place to that owner's published station (its own unclaimed listing hidden, reviews kept); null separates it (its own listing shown, made now if it never had one). Audited.",
      requestParams: { path: idPath },
      requestBody: jsonBody(osmLinkInput),
      responses: {
        "200": jsonAnswer("Saved: a translated sentence.", messageBody),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
  },
};
