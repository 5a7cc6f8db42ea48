import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";

import { pushStateAnswer, subscribeInput, unsubscribeInput } from "./schema";

export const paths: ZodOpenApiPathsObject = {
  "/api/users/push-subscriptions": {
    get: {
      tags: ["Notifications"],
      security: SESSION,
      summary: "Whether push is offered, and the key to subscribe with",
      description:
        "For a signed-in person: whether this server sends Web Push (its VAPID keys are set), the VAPID public key a browser passes to PushManager.subscribe as its applicationServerKey, and how many of the viewer's browsers are subscribed.",
      responses: { "200": jsonAnswer("The push state.", pushStateAnswer), ...errorAnswers(401) },
    },
    post: {
      tags: ["Notifications"],
      security: SESSION,
      summary: "Subscribe this browser to the viewer's push",
      description:
        "The body is what PushSubscription.toJSON() gives (extra fields such as expirationTime are ignored): an https endpoint of at most 1,000 characters, keys.p256dh (URL-safe base64 of a 65-byte uncompressed P-256 point) and keys.auth (URL-safe base64 of 16 bytes). An endpoint stored for another person moves to the viewer; past 10 subscriptions the viewer's oldest is dropped.",
      requestBody: jsonBody(subscribeInput()),
      responses: {
        "201": jsonAnswer("Subscribed: the push state.", pushStateAnswer),
        ...errorAnswers(400, 401, 403, 413),
      },
    },
    delete: {
      tags: ["Notifications"],
      security: SESSION,
      summary: "Unsubscribe this browser",
      description: "Only a subscription of the viewer's is deleted; the answer is the same whether there was one.",
      requestBody: jsonBody(unsubscribeInput),
      responses: { "200": jsonAnswer("The push state.", pushStateAnswer), ...errorAnswers(400, 401, 403, 413) },
    },
  },
};
