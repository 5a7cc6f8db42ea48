import type { ZodOpenApiPathsObject } from "zod-openapi";

import {
  hoursConfirmedAnswer,
  hoursReportedAnswer,
  HoursReportRowAnswer,
  hoursReportsDismissedAnswer,
  LiveStatusAnswer,
  liveStatusClearedAnswer,
  SpecialHoursAnswer,
} from "@/features/hours/answers";
import { hoursReportInput, liveStatusInput, specialHoursInput } from "@/features/hours/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

export const paths: ZodOpenApiPathsObject = {
  "/api/items/{id}/hours-reports": {
    post: {
      tags: ["Hours"],
      summary: "Report a service's hours as wrong",
      description:
        "One tap from anyone, signed in or not: the hours are wrong, or the place closed for good. A second report by the same person (account, or address when signed out) is the same report. Throttled per address. Reports never change a listing: the owner and admins see them.",
      requestParams: { path: idPath },
      requestBody: jsonBody(hoursReportInput),
      responses: {
        "201": jsonAnswer("The report is recorded.", hoursReportedAnswer),
        ...errorAnswers(400, 403, 404, 413, 415, 429),
      },
    },
  },
  "/api/items/users/{id}/hours-confirmation": {
    post: {
      tags: ["Hours"],
      security: SESSION,
      summary: "Confirm the hours are right",
      description:
        'The owner (or an admin) says the hours are right: the service page shows the date, and open "hours wrong" reports are resolved.',
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("When the hours were confirmed.", hoursConfirmedAnswer),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
  "/api/items/users/{id}/special-hours": {
    get: {
      tags: ["Hours"],
      security: SESSION,
      summary: "The owner's dated exceptions",
      description:
        "Holidays, other hours and closures of the owner's service (or any, for an admin), past ones left out, in date order.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The exceptions from yesterday on.", z.array(SpecialHoursAnswer)),
        ...errorAnswers(401, 403, 404),
      },
    },
    put: {
      tags: ["Hours"],
      security: SESSION,
      summary: "Replace the dated exceptions",
      description:
        "The whole list at once, dates that do not overlap; entries already over in the service's time zone are dropped. Saving them confirms the hours.",
      requestParams: { path: idPath },
      requestBody: jsonBody(specialHoursInput),
      responses: {
        "200": jsonAnswer("The list as stored.", z.array(SpecialHoursAnswer)),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
  },
  "/api/items/users/{id}/status": {
    put: {
      tags: ["Hours"],
      security: SESSION,
      summary: "Set the live status",
      description:
        'The owner\'s word for now (open, on generator, no power, air alert, damage, closed), trusted for six hours unless `until` or `hours` says otherwise (at most 24). "Closed" needs the reason in `note`.',
      requestParams: { path: idPath },
      requestBody: jsonBody(liveStatusInput(new Date())),
      responses: {
        "200": jsonAnswer("The word as it stands.", LiveStatusAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
    delete: {
      tags: ["Hours"],
      security: SESSION,
      summary: "Clear the live status",
      description: "Back to the opening hours at once.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("No live word any more.", liveStatusClearedAnswer),
        ...errorAnswers(401, 403, 404),
      },
    },
  },
  "/api/items/admin/hours-reports": {
    get: {
      tags: ["Hours", "Admin"],
      security: SESSION,
      summary: "Services with open hours reports",
      description: "For admins: services with open reports, the most reported first (at most 100).",
      responses: {
        "200": jsonAnswer("The services and their open report counts.", z.array(HoursReportRowAnswer)),
        ...errorAnswers(401, 403),
      },
    },
  },
  "/api/items/admin/hours-reports/{id}": {
    delete: {
      tags: ["Hours", "Admin"],
      security: SESSION,
      summary: "Dismiss a service's hours reports",
      description: "An admin resolves the open reports of the service `id` (after checking, e.g. calling the station).",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("How many reports were resolved.", hoursReportsDismissedAnswer),
        ...errorAnswers(401, 403, 404),
      },
    },
  },
};
