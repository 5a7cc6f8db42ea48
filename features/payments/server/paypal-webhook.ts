import "server-only";

import { getPrisma } from "@/lib/db/server";
import { AppError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { recordSecurityEvent } from "@/lib/security/security-log";

import { paypalWebhookEvent } from "../schema";
import { verifyWebhook } from "./paypal";
import { refund, settle } from "./paypal-payments";

/**
 * POST /api/etc/paypal/webhook. Verified by PayPal itself (PAYPAL_WEBHOOK_ID), handled once per
 * event id: a completed capture settles its order, a refund or reversal unpublishes the station.
 */
export async function handlePaypalWebhook(
  headers: { get(name: string): string | null },
  body: unknown,
): Promise<{ handled: boolean }> {
  const event = parseOrThrow(paypalWebhookEvent, body);
  // The event's own id and type only: the body is unverified (or already handled) and not kept.
  const described = { eventId: event.id, eventType: event.event_type };
  if (!(await verifyWebhook(headers, body))) {
    await recordSecurityEvent("webhook.forged", { userId: null, status: 401, details: described });
    throw new AppError(401, "Payment.webhookRefused");
  }
  const prisma = await getPrisma();
  const first = await prisma.paypalEvent.createMany({
    data: [{ id: event.id, type: event.event_type.slice(0, 100) }],
    skipDuplicates: true,
  });
  if (first.count === 0) {
    // PayPal's own redelivery (our answer was lost) looks the same as a captured delivery sent again.
    await recordSecurityEvent("webhook.replayed", { userId: null, details: described });
    return { handled: false };
  }
  try {
    const { resource } = event;
    if (event.event_type === "PAYMENT.CAPTURE.COMPLETED") {
      const orderId = resource.supplementary_data?.related_ids?.order_id;
      const payment = orderId ? await prisma.payment.findUnique({ where: { providerOrderId: orderId } }) : null;
      if (payment) {
        await settle(payment, {
          orderStatus: "COMPLETED",
          capture: {
            id: resource.id ?? null,
            status: resource.status ?? "UNKNOWN",
            amount: resource.amount?.value ?? null,
            currency: resource.amount?.currency_code ?? null,
            customId: resource.custom_id ?? null,
          },
          payerEmail: null,
          raw: body as Record<string, unknown>,
        });
      }
    } else if (event.event_type === "PAYMENT.CAPTURE.REVERSED") {
      if (resource.id) await refund(resource.id);
    } else if (event.event_type === "PAYMENT.CAPTURE.REFUNDED") {
      // The resource is the refund; its "up" link names the capture it returns.
      const up = resource.links?.find((link) => link.rel === "up")?.href ?? "";
      const captureId = /\/captures\/([^/?#]+)/.exec(up)?.[1];
      if (captureId) await refund(decodeURIComponent(captureId));
    }
  } catch (error) {
    // Not handled after all: PayPal redelivers, and the redelivery must not be taken for a duplicate.
    await prisma.paypalEvent.deleteMany({ where: { id: event.id } });
    throw error;
  }
  return { handled: true };
}
