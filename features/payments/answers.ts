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
