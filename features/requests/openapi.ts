import type { ZodOpenApiPathsObject } from "zod-openapi";

import {
  AdminRequestPageAnswer,
  AdminRequestViewAnswer,
  createdAnswer,
  doneAnswer,
  inboxCountAnswer,
  InboxPageAnswer,
  PostedMessageAnswer,
  RequestViewAnswer,
  SuggestedServiceAnswer,
  ThreadAnswer,
} from "@/features/requests/answers";
import {
  acceptInput,
  adminCloseInput,
  adminRequestsQuery,
  answerInput,
  cancelInput,
  inboxQuery,
  messageInput,
  requestInput,
  suggestQuery,
  threadQuery,
} from "@/features/requests/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

const requestPath = z.object({ id: z.string().meta({ description: "The request's id (a UUID)." }) });

export const paths: ZodOpenApiPathsObject = {
  "/api/requests": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Ask services for a price and a time",
      description:
        "A driver asks one to five published services (with an owner to answer, not their own) about one job, with the car, when, a description and up to three of their uploaded photos. One open request per service, at most five open; throttled per driver, per address and per service. Each service's owner is mailed.",
      requestBody: jsonBody(requestInput(new Date())),
      responses: {
        "201": jsonAnswer("The request's id.", createdAnswer),
        ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
      },
    },
  },
  "/api/requests/mine": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "The driver's requests",
      description:
        "The signed-in driver's requests with the services asked and their answers, newest first (at most 50).",
      responses: {
        "200": jsonAnswer("The requests.", z.array(RequestViewAnswer)),
        ...errorAnswers(401),
      },
    },
  },
  "/api/requests/suggest": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Services to ask as well",
      description:
        "Published services with an owner within 25 km of a service (`serviceId`) or a point (`lat`, `lng`) that list the job among their prices (\"custom\": any), best rated first, then nearest; never the given service nor the viewer's own. At most eight. `distanceKm` is from the driver's point (`lat`, `lng`, also beside `serviceId`), null without one; each carries its opening status now (`openNow`, `nextChange`, `liveStatus`).",
      requestParams: { query: suggestQuery },
      responses: {
        "200": jsonAnswer("The services, best first.", z.array(SuggestedServiceAnswer)),
        ...errorAnswers(400, 401),
      },
    },
  },
  "/api/requests/inbox": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Requests to the viewer's services",
      description:
        "Requests to the viewer's services, the urgent ones first (`urgent`: as soon as possible, open, not answered by this service yet), then newest first, 20 a page: `status=new` (the default: not answered, still open) or `all`. A request to several of the viewer's services shows once per service. The driver's contacts (name, e-mail, the phone they gave) only once the service is chosen.",
      requestParams: { query: inboxQuery },
      responses: {
        "200": jsonAnswer("A page of the inbox.", InboxPageAnswer),
        ...errorAnswers(400, 401),
      },
    },
  },
  "/api/requests/inbox/count": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "How many requests wait for an answer, and unread messages",
      description:
        "New requests to the viewer's services (0 for someone without any), and the messages of requests' threads the viewer has not read: from services in their own requests' threads, and from drivers in their services' threads.",
      responses: {
        "200": jsonAnswer("The count.", inboxCountAnswer),
        ...errorAnswers(401),
      },
    },
  },
  "/api/requests/{id}": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "One request",
      description:
        "One request with its answers, for its driver, or an admin (who also sees who asked); anyone else 404.",
      requestParams: { path: requestPath },
      responses: {
        "200": jsonAnswer("The request.", z.union([AdminRequestViewAnswer, RequestViewAnswer])),
        ...errorAnswers(401, 404),
      },
    },
  },
  "/api/requests/{id}/answers": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Answer a request",
      description:
        "The owner of an asked service answers once: a price (or a range) and a time (or the earliest day), or a decline, with a message. 409 when the request is no longer open or already answered. Throttled per owner.",
      requestParams: { path: requestPath },
      requestBody: jsonBody(answerInput(new Date())),
      responses: {
        "201": jsonAnswer("The answer's id.", createdAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429),
      },
    },
  },
  "/api/requests/{id}/accept": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Accept an answer",
      description:
        "The driver chooses one answer (not a decline) of their open request: its service is chosen and gets the driver's name and e-mail, the others still in play are told someone else was chosen, and the job begins (its visit code, which verifies the driver's review, comes once the job is confirmed).",
      requestParams: { path: requestPath },
      requestBody: jsonBody(acceptInput),
      responses: {
        "200": jsonAnswer("Accepted.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/cancel": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Cancel a request",
      description:
        "The driver, or the chosen service's owner (with `serviceId`), cancels an open or accepted request with a reason; everyone still in it is told why.",
      requestParams: { path: requestPath },
      requestBody: jsonBody(cancelInput),
      responses: {
        "200": jsonAnswer("Cancelled.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/messages": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "The thread with one asked service",
      description:
        "The conversation between the request's driver and one service it went to (`serviceId`), oldest first, with whether the viewer may write and until when (30 days after the request ended: closed, else accepted, else its time up). For the driver and that service's owner, who thereby read the other side's messages; an admin reads it too; anyone else 404. Until this service is chosen, contacts (phone numbers, e-mail addresses, links, messenger handles) in a message read as ••• to the other side.",
      requestParams: { path: requestPath, query: threadQuery },
      responses: {
        "200": jsonAnswer("The thread.", ThreadAnswer),
        ...errorAnswers(400, 401, 404),
      },
    },
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Write in the thread",
      description:
        "A message from the driver or the service's owner: 1 to 2000 characters once trimmed, up to three of the sender's own uploads (`images`, their /api/uploads/{id} paths). 403 for an admin (they read only), 409 once the thread has closed. Stored as typed; `notice` says when the other side reads it with contacts hidden, and why. The other side is mailed in their language, at most once per thread every 10 minutes. Throttled per account.",
      requestParams: { path: requestPath },
      requestBody: jsonBody(messageInput),
      responses: {
        "201": jsonAnswer("The message as the sender reads it, and the notice.", PostedMessageAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429),
      },
    },
  },
  "/api/items/admin/requests": {
    get: {
      tags: ["Requests", "Admin"],
      security: SESSION,
      summary: "Every request",
      description: "For admins: every request, or those of one `status`, newest first.",
      requestParams: { query: adminRequestsQuery },
      responses: {
        "200": jsonAnswer("A page of requests.", AdminRequestPageAnswer),
        ...errorAnswers(400, 401, 403),
      },
    },
  },
  "/api/items/admin/requests/{id}/close": {
    post: {
      tags: ["Requests", "Admin"],
      security: SESSION,
      summary: "Close a request",
      description:
        "An admin ends an open or accepted request with a reason; the driver and every service still in it are told why. Audited.",
      requestParams: { path: idPath },
      requestBody: jsonBody(adminCloseInput),
      responses: {
        "200": jsonAnswer("Closed.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
};
