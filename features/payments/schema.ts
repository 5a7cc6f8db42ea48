import { z } from "@/lib/zod";

/** Bodies of the payment calls: starting a PayPal order, paying for a station, PayPal's webhook. */

/** POST /api/etc/paypal/orders. An id that names no station of the viewer's is a 404 in the data layer. */
export const paypalOrderInput = z.object({ stoId: z.string() });

const unknownOrder = { error: "Payment.unknownOrder" };

/** PUT /api/items/users/{stoId}/pay: an approved PayPal order, or the labelled test payment. */
export const payInput = z.discriminatedUnion(
  "paymentMethod",
  [
    z.object({ paymentMethod: z.literal("test") }),
    z.object({
      paymentMethod: z.literal("PayPal"),
      orderID: z.string(unknownOrder).regex(/^[A-Za-z0-9-]{5,64}$/, unknownOrder),
    }),
  ],
  unknownOrder,
);

const optionalText = z.string().optional();

/**
 * The parts of a PayPal webhook event that are read. The resource is a capture (completed,
 * reversed) or a refund, whose "up" link names the capture it returns.
 */
export const paypalWebhookEvent = z.object({
  id: z.string().max(100),
  event_type: z.string(),
  resource: z
    .object({
      id: optionalText,
      status: optionalText,
      custom_id: optionalText,
      amount: z.object({ value: optionalText, currency_code: optionalText }).optional(),
      supplementary_data: z.object({ related_ids: z.object({ order_id: optionalText }).optional() }).optional(),
      links: z.array(z.object({ rel: optionalText, href: optionalText })).optional(),
    })
    .default({}),
});

/** POST /api/etc/mono/invoice: the station to pay for by card through monobank. */
export const monoInvoiceInput = z.object({ stoId: z.string() });

/**
 * An invoice as monobank reports it: the status answer and the webhook's body alike. Amounts are in
 * kopiykas, ccy is ISO 4217's number (980, hryvnia), dates are ISO 8601; what is not read is kept
 * as it came with the payment.
 */
export const monoInvoiceState = z.looseObject({
  invoiceId: z.string().min(1).max(100),
  status: z.string().max(20).meta({ description: "created, processing, hold, success, failure, reversed or expired." }),
  amount: z.number().int().optional(),
  ccy: z.number().int().optional(),
  finalAmount: z.number().int().optional(),
  failureReason: optionalText,
  reference: optionalText,
  destination: optionalText,
  createdDate: optionalText,
  modifiedDate: optionalText,
});
export type MonoInvoiceBody = z.infer<typeof monoInvoiceState>;
