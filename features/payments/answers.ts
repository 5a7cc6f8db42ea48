import { z } from "@/lib/zod";

/** What the payment routes answer, as zod schemas (the OpenAPI document, the integration tests). */

export const paymentConfigAnswer = z.object({
  clientId: z.string().meta({ description: "PayPal's public client id; empty when PayPal is not configured." }),
  currency: z.string(),
  testMode: z.boolean().meta({ description: "The labelled test payment is on (never in production)." }),
});

export const paypalOrderAnswer = z.object({ id: z.string().meta({ description: "PayPal's order id." }) });

export const webhookAnswer = z.object({
  handled: z.boolean().meta({ description: "False for an event this site does not act on." }),
});

export const monoInvoiceAnswer = z.object({
  pageUrl: z.string().meta({ description: "monobank's payment page for the invoice: the browser goes there." }),
});

export const MONO_OUTCOMES = ["pending", "captured", "failed", "expired", "refunded", "review"] as const;

export const monoOutcomeAnswer = z.object({
  status: z.enum(MONO_OUTCOMES).meta({
    description:
      "pending while monobank has not settled the invoice; captured (the station is published), failed (declined: no money taken), expired or refunded; review: the money arrived but the payment could not be applied (it did not match the invoice, or the place's claim was gone): nothing was published and an admin will refund it.",
  }),
  stoId: z.string().nullable().meta({ description: "The station paid for; null once it was deleted." }),
  listed: z.boolean().meta({ description: "Whether the station is published now (another payment may cover it)." }),
  unclaimed: z
    .boolean()
    .meta({ description: "The station has no owner: paying again goes through /placeorder?sto=<stoId>." }),
  amount: z.string().meta({ description: "The amount of the invoice, e.g. 125.00." }),
  currency: z.string().meta({ description: "UAH." }),
});
export type MonoOutcome = z.infer<typeof monoOutcomeAnswer>;
