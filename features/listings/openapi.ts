import type { ZodOpenApiPathsObject } from "zod-openapi";

import { accountStateAnswer } from "@/features/accounts/answers";
import { EditableServiceAnswer } from "@/features/listings/answers";
import { serviceInput, servicePatch } from "@/features/listings/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import type { z } from "@/lib/zod";

/** PUT /api/items/users/{id} takes the patch without `_id`: the path names the service. */
const patchFromPath = (servicePatch as unknown as z.ZodObject).omit({ _id: true });

const FIELDS =
  "Name, contacts, the point and address, links, payment methods, photos (uploads of the viewer), description, category, brand, experience, on the go and its radius, and the weekly timetable.";

export const paths: ZodOpenApiPathsObject = {
  "/api/items/users": {
    post: {
      tags: ["Listings"],
      security: SESSION,
      summary: "Register as a master",
      description: `A master profile for the viewer, listed at once (masters pay nothing); one per account. ${FIELDS}`,
      requestBody: jsonBody(serviceInput),
      responses: {
        "201": jsonAnswer("The profile.", EditableServiceAnswer),
        ...errorAnswers(400, 401, 403, 413, 415),
      },
    },
  },
  "/api/items/users/sto-order": {
    post: {
      tags: ["Listings"],
      security: SESSION,
      summary: "Prepare a station to pay for",
      description: `The viewer's station, unpaid (not listed) until its payment is captured. One draft per account: a second order replaces the draft. ${FIELDS}`,
      requestBody: jsonBody(serviceInput),
      responses: {
        "201": jsonAnswer("The unpaid station.", EditableServiceAnswer),
        ...errorAnswers(400, 401, 403, 413, 415),
      },
    },
    put: {
      tags: ["Listings"],
      security: SESSION,
      summary: "Change the station to pay for",
      description:
        "Only the changed fields of the viewer's own unpaid station, named by `_id`; 409 when it is no unpaid station.",
      requestBody: jsonBody(servicePatch),
      responses: {
        "200": jsonAnswer("The unpaid station.", EditableServiceAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/items/users/{id}": {
    get: {
      tags: ["Listings"],
      security: SESSION,
      summary: "One of the viewer's services, to edit",
      description: "A station or master profile the viewer owns (or any, for an admin).",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The service.", EditableServiceAnswer),
        ...errorAnswers(401, 403, 404),
      },
    },
    put: {
      tags: ["Listings"],
      security: SESSION,
      summary: "Change a service",
      description:
        "The owner (or an admin) sends only the fields that changed. Saving the timetable confirms the hours.",
      requestParams: { path: idPath },
      requestBody: jsonBody(patchFromPath),
      responses: {
        "200": jsonAnswer("The service as stored.", EditableServiceAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
    delete: {
      tags: ["Listings"],
      security: SESSION,
      summary: "Delete a service",
      description:
        "The owner (or an admin) removes a station or master profile; reviews and hours go with it, payments stay for the record. Answers the viewer's services that remain.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The viewer's services afterwards.", accountStateAnswer),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
};
