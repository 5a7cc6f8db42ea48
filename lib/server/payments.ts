import "server-only";
import { randomUUID } from "node:crypto";
import { PAYMENT } from "@/lib/constants";
import { Prisma } from "@/lib/generated/prisma/client";
import { getPrisma } from "./db";
import { AppError, isUuid, NotFoundError } from "./errors";
import { requireAccess } from "./guards";
import { toEditable, type EditableService } from "./listings";
import { capturePaypalOrder, createPaypalOrder, paypalConfig } from "./paypal";
import type { Viewer } from "./session";
import { changingCatalog } from "./read-cache";

/**
 * Paying for a station: the server creates the PayPal order and captures it, checks PayPal's answer
 * (status, amount, currency, custom id), and only then marks the station paid, once. Without PayPal
 * credentials a clearly labelled test payment exists outside production; PAYMENTS_TEST_MODE=true
 * turns it on explicitly (the end-to-end tests run a production build with both).
 */
export function testPaymentsAllowed(): boolean {
  if (process.env.PAYMENTS_TEST_MODE === "true") return true;
  return !paypalConfig().configured && process.env.NODE_ENV !== "production";
}

/** GET /api/etc/paypal. */
export function paymentClientConfig() {
  const { clientId, configured } = paypalConfig();
  return { clientId: configured ? clientId : "", currency: PAYMENT.currency, testMode: testPaymentsAllowed() };
}

async function payableStation(viewer: Viewer, stoId: string) {
  if (!isUuid(stoId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const station = await prisma.service.findUnique({ where: { id: stoId }, select: { id: true, ownerId: true, role: true, isPaid: true, name: true } });
  if (!station || station.role !== "sto") throw new NotFoundError();
  if (station.ownerId !== viewer.id && !viewer.isAdmin) throw new AppError(403, "Auth.forbidden");
  return station;
}

async function paidStation(stoId: string): Promise<EditableService> {
  const prisma = await getPrisma();
  return toEditable(await prisma.service.findUniqueOrThrow({ where: { id: stoId }, include: { openingHours: true } }));
}

/** POST /api/etc/paypal/orders: a PayPal order for the viewer's unpaid station, recorded as created. */
export async function startPaypalOrder(viewer: Viewer | null, body: unknown): Promise<{ id: string }> {
  requireAccess(viewer, "signedIn");
  const stoId = body && typeof body === "object" && "stoId" in body && typeof body.stoId === "string" ? body.stoId : "";
  const station = await payableStation(viewer, stoId);
  if (station.isPaid) throw new AppError(409, "Payment.alreadyPaid");
  if (!paypalConfig().configured) throw new AppError(503, "Payment.unavailable");
  const { orderId, requestId } = await createPaypalOrder(station.id, station.name);
  const prisma = await getPrisma();
  await prisma.payment.create({
    data: { serviceId: station.id, userId: viewer.id, serviceName: station.name, payerEmail: viewer.email, amount: PAYMENT.total, currency: PAYMENT.currency, provider: "paypal", providerOrderId: orderId, requestId },
  });
  return { id: orderId };
}

/** PUT /api/items/users/{stoId}/pay with { paymentMethod: "PayPal", orderID } or { paymentMethod: "test" }. */
export async function payStation(viewer: Viewer | null, stoId: string, body: unknown): Promise<EditableService> {
  requireAccess(viewer, "signedIn");
  const station = await payableStation(viewer, stoId);
  const input = (body && typeof body === "object" ? body : {}) as { paymentMethod?: unknown; orderID?: unknown };
  if (input.paymentMethod === "test") return payForTest(viewer, station);
  if (input.paymentMethod !== "PayPal" || typeof input.orderID !== "string" || !/^[A-Za-z0-9-]{5,64}$/.test(input.orderID)) {
    throw new AppError(400, "Payment.unknownOrder");
  }
  return payWithPaypal(station, input.orderID);
}

async function payForTest(viewer: Viewer, station: { id: string; isPaid: boolean; name: string }): Promise<EditableService> {
  if (!testPaymentsAllowed()) throw new AppError(403, "Payment.testDisabled");
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const marked = await tx.service.updateMany({ where: { id: station.id, isPaid: false }, data: { isPaid: true, paidAt: new Date() } });
      if (marked.count === 1) {
        await tx.payment.create({
          data: { serviceId: station.id, userId: viewer.id, serviceName: station.name, payerEmail: viewer.email, amount: PAYMENT.total, currency: PAYMENT.currency, provider: "test", requestId: randomUUID(), status: "captured", capturedAt: new Date() },
        });
      }
    }),
  );
  return paidStation(station.id);
}

async function payWithPaypal(station: { id: string; isPaid: boolean }, orderId: string): Promise<EditableService> {
  const prisma = await getPrisma();
  const payment = await prisma.payment.findUnique({ where: { providerOrderId: orderId } });
  if (!payment || payment.serviceId !== station.id) throw new AppError(400, "Payment.unknownOrder");
  // A replay of a capture that already went through: the same answer, nothing charged again.
  if (payment.status === "captured") return paidStation(station.id);
  if (station.isPaid) throw new AppError(409, "Payment.alreadyPaid");
  const capture = await capturePaypalOrder(orderId);
  const json = capture.raw as Prisma.InputJsonObject;
  if (capture.status !== "COMPLETED") {
    await prisma.payment.update({ where: { id: payment.id }, data: { status: "failed", providerResponse: json } });
    throw new AppError(402, "Payment.declined");
  }
  if (capture.amount !== PAYMENT.total || capture.currency !== PAYMENT.currency || capture.customId !== station.id) {
    console.error(`[paypal] capture ${orderId} does not match station ${station.id}: ${capture.amount} ${capture.currency} ${capture.customId}`);
    await prisma.payment.update({ where: { id: payment.id }, data: { status: "failed", providerResponse: json } });
    throw new AppError(400, "Payment.mismatch");
  }
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const captured = await tx.payment.updateMany({
        where: { id: payment.id, status: "created" },
        data: { status: "captured", capturedAt: new Date(), providerResponse: json, ...(capture.payerEmail ? { payerEmail: capture.payerEmail.slice(0, 100) } : {}) },
      });
      if (captured.count === 1) await tx.service.updateMany({ where: { id: station.id, isPaid: false }, data: { isPaid: true, paidAt: new Date() } });
    }),
  );
  return paidStation(station.id);
}
