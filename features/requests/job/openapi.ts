import type { ZodOpenApiPathsObject } from "zod-openapi";

import { createdAnswer, doneAnswer } from "@/features/requests/answers";
import { AdminDisputeAnswer, JobAnswer } from "@/features/requests/job/answers";
import {
  disputeResolutionInput,
  doneInput,
  extraDecisionInput,
  extraInput,
  jobDecisionInput,
} from "@/features/requests/job/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

const requestPath = z.object({ id: z.string().meta({ description: "The request's id (a UUID)." }) });
const extraPath = requestPath.extend({ extraId: z.string().meta({ description: "The extra work's id (a UUID)." }) });

export const paths: ZodOpenApiPathsObject = {
  "/api/requests/{id}/job": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "The job of an accepted request",
      description:
        "For the driver, the chosen service's owner and an admin (anyone else 404): the agreed price (the accepted answer's price or range), the extra work proposed and its state, the ceiling of the final price (the agreed price or the top of the range, plus the approved extra work), where the job stands (marked done, confirmed, disputed), until when the driver may answer (72 hours after it was marked done), and what the viewer may do now.",
      requestParams: { path: requestPath },
      responses: {
        "200": jsonAnswer("The job.", JobAnswer),
        ...errorAnswers(401, 404),
      },
    },
  },
  "/api/requests/{id}/extras": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Propose extra work",
      description:
        "The chosen service's owner proposes extra work (3 to 500 characters once trimmed) with its price (1 to 1,000,000 hryvnias), while the job is on and not yet marked done; at most 10 per job. The driver is mailed. 403 for the driver and an admin, 409 once the job is over or marked done.",
      requestParams: { path: requestPath },
      requestBody: jsonBody(extraInput),
      responses: {
        "201": jsonAnswer("The extra work's id.", createdAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/extras/{extraId}": {
    put: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Approve or decline extra work",
      description:
        "The driver decides on extra work still proposed, before the job is marked done: approved work raises the ceiling of the final price. Two decisions at once: one wins, the other a 409. The service's owner is mailed. 404 for an id not of this job's extra work.",
      requestParams: { path: extraPath },
      requestBody: jsonBody(extraDecisionInput),
      responses: {
        "200": jsonAnswer("Decided.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/done": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Mark the job done",
      description:
        "The chosen service's owner marks the job done with the final price in whole hryvnias and an optional note (at most 500 characters). A final price above the agreed price (the top of a range) plus the approved extra work is a 400 on `finalPrice` naming the amounts. A booking still to come is marked done. The driver is mailed to confirm or dispute within 72 hours.",
      requestParams: { path: requestPath },
      requestBody: jsonBody(doneInput),
      responses: {
        "200": jsonAnswer("Marked done.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
    put: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Confirm or dispute the job",
      description:
        "The driver confirms a job marked done (a visit code bound to them is issued: their review of the service is verified, one already written at once), or disputes it with a reason of 10 to 500 characters (it waits for an admin). Unanswered for 72 hours, the job counts as confirmed. Two answers at once: one wins, the other a 409. The service's owner is mailed.",
      requestParams: { path: requestPath },
      requestBody: jsonBody(jobDecisionInput),
      responses: {
        "200": jsonAnswer("Answered.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/items/admin/requests/disputes": {
    get: {
      tags: ["Requests", "Admin"],
      security: SESSION,
      summary: "Disputed jobs",
      description: "For admins: the disputed jobs no admin has resolved yet, oldest dispute first (at most 100).",
      responses: {
        "200": jsonAnswer(
          "The queue.",
          z.object({ disputes: z.array(AdminDisputeAnswer), total: z.number().int() }).meta({ id: "AdminDisputes" }),
        ),
        ...errorAnswers(401, 403),
      },
    },
  },
  "/api/items/admin/requests/{id}/dispute": {
    put: {
      tags: ["Requests", "Admin"],
      security: SESSION,
      summary: "Resolve a dispute",
      description:
        'An admin resolves a disputed job with a note for both sides: `"confirmed"` confirms it (with the driver\'s visit code), `"not_done"` leaves it disputed. Either way it leaves the queue; both sides are mailed; audited. 409 when there is no open dispute.',
      requestParams: { path: idPath },
      requestBody: jsonBody(disputeResolutionInput),
      responses: {
        "200": jsonAnswer("Resolved.", doneAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
};
