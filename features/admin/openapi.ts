import type { ZodOpenApiPathsObject } from "zod-openapi";

import { securityLogQuery } from "@/features/admin/server/security-events";
import { errorAnswers, idPath, jsonAnswer, jsonBody, messageBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import {
  adminUserAnswer,
  adminUserListAnswer,
  failedMailAnswer,
  feedbackListAnswer,
  feedbackMarkedAnswer,
  securityEventListAnswer,
  userBlockAnswer,
} from "./answers";
import { adminListQuery, adminUserInput, feedbackMarkInput } from "./schema";

/** The admins' routes for accounts, the inbox (feedback, undelivered mail) and the security log. */

const tags = ["Admin"];
const security = SESSION;

export const paths: ZodOpenApiPathsObject = {
  "/api/users": {
    get: {
      tags,
      security,
      summary: "Accounts, newest first, searched by name or e-mail",
      requestParams: { query: adminListQuery },
      responses: { "200": jsonAnswer("One page of accounts.", adminUserListAnswer), ...errorAnswers(400, 401, 403) },
    },
  },
  "/api/users/{id}": {
    get: {
      tags,
      security,
      summary: "One account",
      requestParams: { path: idPath },
      responses: { "200": jsonAnswer("The account.", adminUserAnswer), ...errorAnswers(401, 403, 404) },
    },
    put: {
      tags,
      security,
      summary: "Change an account (name, e-mail, picture, admin flag)",
      requestParams: { path: idPath },
      requestBody: jsonBody(adminUserInput),
      responses: {
        "200": jsonAnswer("The account after the change.", adminUserAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
    delete: {
      tags,
      security,
      summary: "Delete an account",
      requestParams: { path: idPath },
      responses: { "200": jsonAnswer("Deleted.", messageBody), ...errorAnswers(401, 403, 404, 409) },
    },
  },
  "/api/users/admin/{id}/block": {
    put: {
      tags,
      security,
      summary: "Block or unblock an account (its sessions end when blocked)",
      requestParams: { path: idPath },
      responses: { "200": jsonAnswer("The new state.", userBlockAnswer), ...errorAnswers(401, 403, 404, 409) },
    },
  },
  "/api/etc/admin/feedback": {
    get: {
      tags,
      security,
      summary: "The site feedback people sent, newest first",
      responses: {
        "200": jsonAnswer("The latest messages and the unread count.", feedbackListAnswer),
        ...errorAnswers(401, 403),
      },
    },
  },
  "/api/etc/admin/feedback/{id}": {
    put: {
      tags,
      security,
      summary: "Mark a message read or unread",
      requestParams: { path: idPath },
      requestBody: jsonBody(feedbackMarkInput),
      responses: {
        "200": jsonAnswer("The new state.", feedbackMarkedAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
  },
  "/api/etc/admin/mail": {
    get: {
      tags,
      security,
      summary: "Mail that could not be delivered",
      responses: {
        "200": jsonAnswer("Newest first.", z.object({ items: z.array(failedMailAnswer) })),
        ...errorAnswers(401, 403),
      },
    },
  },
  "/api/etc/admin/mail/{id}/retry": {
    post: {
      tags,
      security,
      summary: "Put an undelivered mail back into the queue",
      requestParams: { path: idPath },
      responses: { "200": jsonAnswer("Queued again.", messageBody), ...errorAnswers(401, 403, 404) },
    },
  },
  "/api/etc/admin/security-events": {
    get: {
      tags,
      security,
      summary: "The security log, newest first",
      description: "Filtered by kind, account (id or part of its e-mail), client address and a range of days.",
      requestParams: { query: securityLogQuery },
      responses: { "200": jsonAnswer("One page of events.", securityEventListAnswer), ...errorAnswers(400, 401, 403) },
    },
  },
};
