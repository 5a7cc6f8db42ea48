import "server-only";

import { randomUUID } from "node:crypto";

import { lockServices } from "@/domain/service/server/ownership";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { composeAccountMail, localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { claimedBy, holdsVerifiedClaim, takeOverOnPayment } from "@/features/claims/server/claim-payment";
import { editableRow, toEditable, type EditableService } from "@/features/listings/server/listings";
import { PAYMENT } from "@/features/payments/fee";
import { payInput, paypalOrderInput, paypalWebhookEvent } from "@/features/payments/schema";
import { DATE_LOCALES } from "@/i18n/locale";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { log } from "@/lib/log";
import { enqueueMail } from "@/lib/mail/outbox";
import { recordSecurityEvent } from "@/lib/security/security-log";

import {
  capturePaypalOrder,
  createPaypalOrder,
  paypalConfig,
  readPaypalOrder,
  verifyWebhook,
  type OrderState,
} from "./paypal";

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

export async function payableStation(viewer: Viewer, stoId: string) {
  if (!isUuid(stoId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const station = await prisma.service.findUnique({
    where: { id: stoId },
    select: { id: true, ownerId: true, role: true, isPaid: true, name: true, isBlocked: true },
  });
  if (!station || station.role !== "sto") throw new NotFoundError();
  if (station.ownerId === null) {
    // A blocked place stays out of reach, as for a new claim (features/claims/server/claim-listing.ts).
    if (station.isBlocked) throw new NotFoundError();
    // An imported place nobody holds: only its verified claimant may pay, and the payment makes it
    // theirs. Not an admin either, whose payment would leave a paid place with no owner.
    if (!(await holdsVerifiedClaim(viewer.id, station.id))) throw new AppError(403, "Claims.payNeedsClaim");
  } else if (station.ownerId !== viewer.id && !viewer.isAdmin) throw new AppError(403, "Auth.forbidden");
  return station;
}

/** The claim a payment was for was rejected or cancelled before the money arrived. */
export class ClaimGone extends Error {}

/**
 * Publishing a paid station and unlisting a returned payment's station first lock the station row:
 * under READ COMMITTED two of them at once (two reversals of a station paid twice, or a success
 * landing during a reversal) would each see the other's payment as it was before and leave the
 * station listed without money, or unlisted with it. The second now waits and sees the first's work.
 */
const lockStation = (tx: Prisma.TransactionClient, serviceId: string) => lockServices(tx, [serviceId]);

/**
 * Publishes a paid station in the payment's transaction. An unclaimed place becomes the payer's in
 * the same write (takeOverOnPayment); if their claim is gone by now, ClaimGone rolls it all back.
 */
export async function publishPaid(
  tx: Prisma.TransactionClient,
  serviceId: string,
  payerId: string | null,
  now: Date,
): Promise<boolean> {
  await lockStation(tx, serviceId);
  const station = await tx.service.findUnique({ where: { id: serviceId }, select: { ownerId: true } });
  if (station && station.ownerId === null) {
    if (!payerId || !(await takeOverOnPayment(tx, serviceId, payerId, now))) throw new ClaimGone();
    return true;
  }
  // A claimant's order captured late, after the place went to someone else (an admin's decision on a
  // dispute): it publishes nothing, and no refund of it may later unpublish the new owner's listing.
  if (station && payerId && station.ownerId !== payerId && (await claimedBy(tx, serviceId, payerId)))
    throw new ClaimGone();
  const marked = await tx.service.updateMany({
    where: { id: serviceId, isPaid: false },
    data: { isPaid: true, paidAt: now },
  });
  return marked.count === 1;
}

async function paidStation(stoId: string): Promise<EditableService> {
  const prisma = await getPrisma();
  return toEditable(await prisma.service.findUniqueOrThrow({ where: { id: stoId }, include: editableRow }));
}

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

async function payWithPaypal(station: { id: string; isPaid: boolean }, orderId: string): Promise<EditableService> {
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

type PaymentRow = {
  id: string;
  serviceId: string | null;
  userId: string | null;
  serviceName: string;
  providerOrderId: string | null;
};
/** The processors' names as the mails write them. */
export const PROVIDER_NAMES = { paypal: "PayPal", monobank: "monobank", test: "test" } as const;
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
 * The payer's receipt or word of a refund, in their language, written in the payment's transaction:
 * the amount and currency, the processor and its reference for the payment (PayPal's capture id,
 * monobank's invoice id). `listing` says whether a refunded station stays listed (another payment
 * covers it).
 */
export async function mailPayer(
  tx: Prisma.TransactionClient,
  payment: PaymentRow,
  kind: "receipt" | "refunded",
  values: {
    amount: string;
    currency: string;
    provider: string;
    reference: string;
    date: Date;
    listing?: "unlisted" | "covered";
  },
) {
  if (!payment.userId) return;
  const user = await tx.user.findUnique({
    where: { id: payment.userId },
    select: { name: true, email: true, locale: true },
  });
  if (!user) return;
  const date = new Intl.DateTimeFormat(DATE_LOCALES[user.locale], {
    dateStyle: "long",
    timeZone: DEFAULT_TIME_ZONE,
  }).format(values.date);
  const link =
    kind === "receipt" && payment.serviceId
      ? localePath(user.locale, `/service/${payment.serviceId}`)
      : localePath(user.locale, "/mystos");
  const mail = composeAccountMail(
    kind,
    user.email,
    user.locale,
    {
      name: user.name,
      station: payment.serviceName,
      amount: values.amount,
      currency: values.currency,
      provider: values.provider,
      reference: values.reference,
      listing: values.listing ?? "unlisted",
      date,
    },
    link,
  );
  await enqueueMail(mail, tx);
}

/**
 * Word to the site's admins about a payment only a person can settle (a reversal, a station paid
 * twice that needs a refund by hand): every active admin account, each in its own language, in the
 * payment's transaction. There was no admin mail before; the admins are the accounts with the flag.
 */
export async function mailAdmins(
  tx: Prisma.TransactionClient,
  kind: "paymentReversedAdmin" | "paymentDuplicateAdmin" | "paymentReviewAdmin" | "paymentStuckAdmin",
  payment: PaymentRow & { payerEmail: string },
  values: {
    amount: string;
    currency: string;
    provider: string;
    reference: string;
    listing?: "unlisted" | "covered";
    /** paymentReviewAdmin: why the money taken could not be applied. */
    reason?: "mismatch" | "claimGone";
  },
): Promise<number> {
  const admins = await tx.user.findMany({
    where: { isAdmin: true, isBlocked: false },
    select: { name: true, email: true, locale: true },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  for (const admin of admins) {
    const mail = composeAccountMail(
      kind,
      admin.email,
      admin.locale,
      {
        name: admin.name,
        station: payment.serviceName,
        payer: payment.payerEmail,
        listing: values.listing ?? "unlisted",
        reason: values.reason ?? "mismatch",
        amount: values.amount,
        currency: values.currency,
        provider: values.provider,
        reference: values.reference,
      },
      localePath(admin.locale, "/admin/payments"),
    );
    await enqueueMail(mail, tx);
  }
  if (admins.length === 0) log.warn({ area: "payments", kind, paymentId: payment.id }, "no admin account to tell");
  return admins.length;
}

/**
 * A returned payment takes its station out of the directory, unless another captured payment (the
 * station was paid twice, by either provider) still covers it. Called in the refund's transaction.
 */
export async function unlistUnlessCovered(
  tx: Prisma.TransactionClient,
  payment: { id: string; serviceId: string | null },
): Promise<"unlisted" | "covered"> {
  if (!payment.serviceId) return "unlisted";
  await lockStation(tx, payment.serviceId);
  const others = await tx.payment.count({
    where: { serviceId: payment.serviceId, status: "captured", id: { not: payment.id } },
  });
  if (others > 0) return "covered";
  await tx.service.updateMany({ where: { id: payment.serviceId }, data: { isPaid: false, paidAt: null } });
  return "unlisted";
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
