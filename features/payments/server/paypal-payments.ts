import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { EditableService } from "@/features/listings/answers";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { log } from "@/lib/log";

import { PAYMENT } from "../fee";
import { paypalOrderInput } from "../schema";
import { capturePaypalOrder, createPaypalOrder, paypalConfig, readPaypalOrder, type OrderState } from "./paypal";
import {
  ClaimGone,
  mailPayer,
  paidStation,
  payableStation,
  PROVIDER_NAMES,
  publishPaid,
  unlistUnlessCovered,
  type PaymentRow,
} from "./station-payment";

/** POST /api/etc/paypal/orders: a PayPal order for the viewer's unpaid station, recorded as created. */
export async function startPaypalOrder(viewer: Viewer | null, body: unknown): Promise<{ id: string }> {
  requireAccess(viewer, "signedIn");
  const { stoId } = parseOrThrow(paypalOrderInput, body);
  const station = await payableStation(viewer, stoId);
  if (station.isPaid) throw new AppError(409, "Payment.alreadyPaid");
  if (!paypalConfig().configured) throw new AppError(503, "Payment.unavailable");
  const { orderId, requestId } = await createPaypalOrder(station.id, station.name);
  const prisma = await getPrisma();
  await prisma.payment.create({
    data: {
      serviceId: station.id,
      userId: viewer.id,
      serviceName: station.name,
      payerEmail: viewer.email,
      amount: PAYMENT.total,
      currency: PAYMENT.currency,
      provider: "paypal",
      providerOrderId: orderId,
      requestId,
    },
  });
  return { id: orderId };
}

export async function payWithPaypal(
  station: { id: string; isPaid: boolean },
  orderId: string,
): Promise<EditableService> {
  const prisma = await getPrisma();
  const payment = await prisma.payment.findUnique({ where: { providerOrderId: orderId } });
  // Another provider's payment (a monobank invoice id) is no PayPal order: never sent to PayPal.
  if (!payment || payment.provider !== "paypal" || payment.serviceId !== station.id)
    throw new AppError(400, "Payment.unknownOrder");
  // A replay of a capture that already went through: the same answer, nothing charged again.
  if (payment.status === "captured") return paidStation(station.id);
  if (station.isPaid) throw new AppError(409, "Payment.alreadyPaid");
  const outcome = await settle(payment, await captureOrRead(orderId));
  if (outcome === "declined") throw new AppError(402, "Payment.declined");
  if (outcome === "mismatch") throw new AppError(400, "Payment.mismatch");
  // Money under review at PayPal: the webhook or the sweep publishes the station when it completes.
  if (outcome === "pending") throw new AppError(402, "Payment.pending");
  return paidStation(station.id);
}

/**
 * Captures the order; when PayPal says it was captured already, or its answer is lost (a timeout,
 * a 5xx), reads the order instead: the money may well have moved, and then it is recorded now
 * rather than never. An order that truly was not captured keeps the original error (try again).
 */
async function captureOrRead(orderId: string): Promise<OrderState> {
  try {
    return await capturePaypalOrder(orderId);
  } catch (error) {
    const reconcilable = error instanceof AppError && (error.key === "Payment.alreadyCaptured" || error.status === 502);
    if (!reconcilable) throw error;
    const state = await readPaypalOrder(orderId);
    if (state.capture) return state;
    throw error;
  }
}

export type Settlement = "captured" | "declined" | "mismatch" | "pending";

/**
 * Records what PayPal says of an order, whoever learnt it (the pay call, the webhook, the sweep):
 * a completed capture of 3.00 USD for this station marks the payment captured and publishes the
 * station in one transaction, with the payer's receipt written to the outbox in the same one.
 * Repeating it changes nothing.
 */
export async function settle(payment: PaymentRow, state: OrderState): Promise<Settlement> {
  const prisma = await getPrisma();
  const capture = state.capture;
  const json = state.raw as Prisma.InputJsonObject;
  if (!capture || capture.status === "PENDING") return "pending";
  if (capture.status !== "COMPLETED") {
    await prisma.payment.updateMany({
      where: { id: payment.id, status: "created" },
      data: { status: "failed", providerResponse: json },
    });
    return "declined";
  }
  if (
    capture.amount !== PAYMENT.total ||
    capture.currency !== PAYMENT.currency ||
    capture.customId !== payment.serviceId
  ) {
    log.error(
      {
        area: "paypal",
        orderId: payment.providerOrderId,
        paymentId: payment.id,
        amount: capture.amount,
        currency: capture.currency,
        customId: capture.customId,
      },
      "captured order does not match its payment",
    );
    await prisma.payment.updateMany({
      where: { id: payment.id, status: { in: ["created", "failed"] } },
      data: { status: "failed", providerResponse: json },
    });
    return "mismatch";
  }
  const now = new Date();
  const claimGone = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      // A capture after a declined attempt (the buyer chose another card) settles the same row.
      const captured = await tx.payment.updateMany({
        where: { id: payment.id, status: { in: ["created", "failed"] } },
        data: {
          status: "captured",
          capturedAt: now,
          providerCaptureId: capture.id,
          providerResponse: json,
          ...(state.payerEmail ? { payerEmail: state.payerEmail.slice(0, 100) } : {}),
        },
      });
      if (captured.count !== 1) return false;
      if (payment.serviceId) await publishPaid(tx, payment.serviceId, payment.userId, now);
      await mailPayer(tx, payment, "receipt", {
        amount: capture.amount!,
        currency: capture.currency!,
        provider: PROVIDER_NAMES.paypal,
        reference: capture.id ?? "",
        date: now,
      });
      return false;
    }),
  ).catch((error) => {
    if (error instanceof ClaimGone) return true;
    throw error;
  });
  if (claimGone) {
    // The place's claim was rejected or cancelled between the order and the capture: nobody is made
    // its owner. Treated as a mismatch: the payment is failed with PayPal's answer kept, for a refund by hand.
    log.error(
      { area: "paypal", orderId: payment.providerOrderId, serviceId: payment.serviceId, claimantId: payment.userId },
      "order captured for a service whose claim is no longer verified: refund it",
    );
    await prisma.payment.updateMany({
      where: { id: payment.id, status: { in: ["created", "failed"] } },
      data: { status: "failed", providerResponse: json },
    });
    return "mismatch";
  }
  return "captured";
}

/**
 * A refund or reversal at PayPal: the payment is marked refunded, the station unpublished (unless
 * another payment covers it), and the owner told. Idempotent like settle().
 */
export async function refund(captureId: string): Promise<boolean> {
  const prisma = await getPrisma();
  const payment = await prisma.payment.findUnique({ where: { providerCaptureId: captureId } });
  if (!payment) return false;
  const changed = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const marked = await tx.payment.updateMany({
        where: { id: payment.id, status: "captured" },
        data: { status: "refunded", refundedAt: new Date() },
      });
      if (marked.count !== 1) return false;
      const listing = await unlistUnlessCovered(tx, payment);
      await mailPayer(tx, payment, "refunded", {
        amount: payment.amount.toFixed(2),
        currency: payment.currency,
        provider: PROVIDER_NAMES.paypal,
        reference: captureId,
        listing,
        date: new Date(),
      });
      return true;
    }),
  );
  return changed;
}

/** Orders left "created" this long are asked about by the sweep. */
export const SWEEP_AFTER_MS = 15 * 60_000;
/** An order nobody approved within a day is given up. */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

/**
 * The sweep (job runner, every few minutes): every PayPal payment left "created" for 15 minutes is
 * read at PayPal. Completed → settled; approved but never captured (our capture was lost) →
 * captured now with the same request id, so PayPal charges at most once; older than a day and
 * still unapproved → failed.
 */
export async function sweepPayments(
  now = new Date(),
): Promise<Record<Settlement | "abandoned" | "unreachable", number>> {
  const counts = { captured: 0, declined: 0, mismatch: 0, pending: 0, abandoned: 0, unreachable: 0 };
  if (!paypalConfig().configured) return counts;
  const prisma = await getPrisma();
  const stale = await prisma.payment.findMany({
    where: {
      provider: "paypal",
      status: "created",
      createdAt: { lt: new Date(now.getTime() - SWEEP_AFTER_MS) },
      providerOrderId: { not: null },
    },
    orderBy: { createdAt: "asc" },
    take: 50,
  });
  for (const payment of stale) {
    const orderId = payment.providerOrderId!;
    try {
      let state = await readPaypalOrder(orderId);
      if (!state.capture && state.orderStatus === "APPROVED") state = await captureOrRead(orderId);
      const outcome = await settle(payment, state);
      if (outcome === "pending" && now.getTime() - payment.createdAt.getTime() > ABANDONED_AFTER_MS) {
        await prisma.payment.updateMany({ where: { id: payment.id, status: "created" }, data: { status: "failed" } });
        counts.abandoned++;
      } else counts[outcome]++;
    } catch (error) {
      if (error instanceof AppError && error.key === "Payment.unknownOrder") {
        await prisma.payment.updateMany({ where: { id: payment.id, status: "created" }, data: { status: "failed" } });
        counts.abandoned++;
      } else if (error instanceof AppError && (error.status === 402 || error.status === 502)) {
        counts.unreachable++;
      } else throw error;
    }
  }
  return counts;
}
