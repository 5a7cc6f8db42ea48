import "server-only";

import { randomUUID } from "node:crypto";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { EditableService } from "@/features/listings/answers";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";

import { PAYMENT } from "../fee";
import { payInput } from "../schema";
import { paypalConfig } from "./paypal";
import { payWithPaypal } from "./paypal-payments";
import { ClaimGone, paidStation, payableStation, publishPaid } from "./station-payment";

/**
 * Paying for a station: the server creates the PayPal order and captures it, checks PayPal's answer
 * (status, amount, currency, custom id), and only then marks the station paid, once. Without PayPal
 * credentials a clearly labelled test payment exists outside production; PAYMENTS_TEST_MODE=true
 * turns it on explicitly (the end-to-end tests run a production build with both).
 */
export function testPaymentsAllowed(): boolean {
  if (env.PAYMENTS_TEST_MODE) return true;
  return !paypalConfig().configured && env.NODE_ENV !== "production";
}

/** GET /api/etc/paypal. */
export function paymentClientConfig() {
  const { clientId, configured } = paypalConfig();
  return { clientId: configured ? clientId : "", currency: PAYMENT.currency, testMode: testPaymentsAllowed() };
}

/** PUT /api/items/users/{stoId}/pay with { paymentMethod: "PayPal", orderID } or { paymentMethod: "test" }. */
export async function payStation(viewer: Viewer | null, stoId: string, body: unknown): Promise<EditableService> {
  requireAccess(viewer, "signedIn");
  const station = await payableStation(viewer, stoId);
  const input = parseOrThrow(payInput, body, "Payment.unknownOrder");
  if (input.paymentMethod === "test") return payForTest(viewer, station);
  return payWithPaypal(station, input.orderID);
}

async function payForTest(
  viewer: Viewer,
  station: { id: string; isPaid: boolean; name: string },
): Promise<EditableService> {
  if (!testPaymentsAllowed()) throw new AppError(403, "Payment.testDisabled");
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const marked = await publishPaid(tx, station.id, viewer.id, new Date()).catch(async (error) => {
        if (!(error instanceof ClaimGone)) throw error;
        // A second click that lost the race to the first has nothing left to do; anyone else no claim.
        const now = await tx.service.findUnique({ where: { id: station.id }, select: { ownerId: true } });
        if (now?.ownerId === viewer.id) return false;
        throw new AppError(403, "Claims.payNeedsClaim");
      });
      if (marked) {
        await tx.payment.create({
          data: {
            serviceId: station.id,
            userId: viewer.id,
            serviceName: station.name,
            payerEmail: viewer.email,
            amount: PAYMENT.total,
            currency: PAYMENT.currency,
            provider: "test",
            requestId: randomUUID(),
            status: "captured",
            capturedAt: new Date(),
          },
        });
      }
    }),
  );
  return paidStation(station.id);
}
