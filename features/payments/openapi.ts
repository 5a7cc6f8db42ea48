import type { ZodOpenApiPathsObject } from "zod-openapi";

import { EditableServiceAnswer } from "@/features/listings/answers";
import { errorAnswers, idPath, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { monoInvoiceAnswer, monoOutcomeAnswer, paymentConfigAnswer, paypalOrderAnswer, webhookAnswer } from "./answers";
import { monoInvoiceInput, monoInvoiceState, payInput, paypalOrderInput, paypalWebhookEvent } from "./schema";

/**
 * Paying for a station's listing through PayPal (or the labelled test payment outside production),
 * or by card through a monobank invoice.
 */

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
  "/api/etc/mono/invoice": {
    post: {
      tags,
      security: SESSION,
      summary: "Create a monobank invoice for one of the viewer's stations",
      description:
        "The fee in hryvnias (MONO_FEE_UAH), valid 15 minutes. The viewer's invoice for the same station still open is handed back instead of a second one. 503 when monobank is not configured, 502 when it cannot be reached.",
      requestBody: jsonBody(monoInvoiceInput),
      responses: {
        "201": jsonAnswer("The invoice's payment page, for the browser to go to.", monoInvoiceAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429, 502, 503),
      },
    },
  },
  "/api/etc/mono/payments/{id}": {
    get: {
      tags,
      security: SESSION,
      summary: "What became of a card payment through monobank",
      description:
        "For its payer and admins (anyone else: 404). A payment still open is first read at monobank (at most once in 5 s per payment) and settled; monobank out of reach leaves it pending. Limited per user (429).",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The payment's outcome.", monoOutcomeAnswer),
        ...errorAnswers(401, 404, 429),
      },
    },
  },
  "/api/etc/mono/webhook": {
    post: {
      tags,
      summary: "monobank's notifications of an invoice's state, signed with X-Sign",
      description:
        "X-Sign is the base64 ECDSA-SHA256 signature of the raw body by the merchant's key (monobank's pubkey call); it is checked before the body is read. Each (invoice, status) is applied once; an older state than the one applied is ignored.",
      requestParams: {
        header: z.object({ "x-sign": z.string().meta({ description: "base64 DER ECDSA signature of the raw body." }) }),
      },
      requestBody: jsonBody(monoInvoiceState),
      responses: { "200": jsonAnswer("Received.", webhookAnswer), ...errorAnswers(400, 401, 413, 415, 502) },
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
