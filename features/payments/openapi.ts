import type { ZodOpenApiPathsObject } from "zod-openapi";

import { EditableServiceAnswer } from "@/features/listings/answers";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";

import { paymentConfigAnswer, paypalOrderAnswer, webhookAnswer } from "./answers";
import { payInput, paypalOrderInput, paypalWebhookEvent } from "./schema";

/** Paying for a station's listing through PayPal (or the labelled test payment outside production). */

const tags = ["Payments"];

export const paths: ZodOpenApiPathsObject = {
  "/api/etc/paypal": {
    get: {
      tags,
      summary: "PayPal's public client id for the checkout page",
      responses: { "200": jsonAnswer("The checkout's settings.", paymentConfigAnswer), ...errorAnswers() },
    },
  },
  "/api/etc/paypal/orders": {
    post: {
      tags,
      security: SESSION,
      summary: "Create the PayPal order for one of the viewer's stations",
      requestBody: jsonBody(paypalOrderInput),
      responses: {
        "201": jsonAnswer("The order, for the PayPal button to approve.", paypalOrderAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429, 502),
      },
    },
  },
  "/api/etc/paypal/webhook": {
    post: {
      tags,
      summary: "PayPal's notifications, verified with PayPal",
      description: "PAYMENT.CAPTURE.COMPLETED, REFUNDED and REVERSED settle or undo a payment.",
      requestBody: jsonBody(paypalWebhookEvent),
      responses: { "200": jsonAnswer("Received.", webhookAnswer), ...errorAnswers(400, 401, 413, 415) },
    },
  },
  "/api/items/users/{id}/pay": {
    put: {
      tags,
      security: SESSION,
      summary: "Pay for a station: an approved PayPal order, or the test payment",
      requestParams: { path: idPath },
      requestBody: jsonBody(payInput),
      responses: {
        "200": jsonAnswer("The station, paid, as the owner's edit form reads it.", EditableServiceAnswer),
        ...errorAnswers(400, 401, 402, 403, 404, 409, 413, 415, 429, 502),
      },
    },
  },
};
