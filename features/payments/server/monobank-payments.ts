import "server-only";

import { randomUUID } from "node:crypto";
import { createTranslator, type Locale } from "next-intl";

import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { MonoOutcome } from "@/features/payments/answers";
import { monoInvoiceInput } from "@/features/payments/schema";
import { MESSAGES } from "@/i18n/messages";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import type { Payment, Prisma } from "@/lib/generated/prisma/client";
import { parseJson } from "@/lib/http/answers";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { log } from "@/lib/log";
import { take } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { appUrl } from "@/lib/site";

import {
  createMonoInvoice,
  monoConfig,
  monoState,
  readMonoInvoice,
  toKopiykas,
  UAH,
  verifyMonoSignature,
  type MonoState,
} from "./monobank";
import {
  ClaimGone,
  mailAdmins,
  mailPayer,
  payableStation,
  PROVIDER_NAMES,
  publishPaid,
  unlistUnlessCovered,
} from "./station-payment";

/**
 * Paying for a station by card through monobank acquiring: an invoice in hryvnias (MONO_FEE_UAH)
 * whose payment page the browser is sent to. What monobank then says of the invoice (its webhook,
 * signed; the status call from the result page or the sweep) is applied by applyMonoState(): once,
 * newest state wins, and a success publishes the station with the receipt in one transaction, as
 * PayPal's capture does (paypal-payments.ts; both use station-payment.ts's publishPaid / mailPayer /
 * mailAdmins).
 */

/** How long an invoice can be paid, in seconds; the sweep reads what is still open after it. */
export const MONO_VALIDITY_S = 900;
export const MONO_SWEEP_AFTER_MS = MONO_VALIDITY_S * 1000;
/** An invoice monobank still reports open (processing, hold) this long after it was made is given up. */
const MONO_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** A second click gets the open invoice back only while a minute of it is left to pay in. */
const REUSE_MARGIN_MS = 60_000;
const CURRENCY = "UAH";
/** monobank's states of an invoice that can still be paid. */
const OPEN_STATES = new Set(["created", "processing", "hold"]);

/** The card option of the checkout: the fee in hryvnias, or null when MONO_TOKEN is unset. */
export function monoOffer(): { feeUah: string } | null {
  return monoConfig().configured ? { feeUah: env.MONO_FEE_UAH } : null;
}

/**
 * POST /api/etc/mono/invoice: a monobank invoice for the viewer's unpaid station (the same rules as
 * PayPal's order), recorded as a created payment. The invoice the viewer opened for that station a
 * moment ago is handed back instead of a second one while monobank says it can still be paid; one
 * paid or declined meanwhile is settled first (paid: 409, declined: a new invoice).
 */
export async function startMonoInvoice(
  viewer: Viewer | null,
  body: unknown,
  locale: Locale,
): Promise<{ pageUrl: string }> {
  requireAccess(viewer, "signedIn");
  await take("monoInvoice", viewer.id);
  const { stoId } = parseOrThrow(monoInvoiceInput, body);
  const station = await payableStation(viewer, stoId);
  if (station.isPaid) throw new AppError(409, "Payment.alreadyPaid");
  if (!monoConfig().configured) throw new AppError(503, "Payment.unavailable");
  const fee = env.MONO_FEE_UAH;
  const prisma = await getPrisma();
  const open = await prisma.payment.findFirst({
    where: {
      provider: "monobank",
      status: "created",
      serviceId: station.id,
      userId: viewer.id,
      amount: fee,
      pageUrl: { not: null },
      createdAt: { gt: new Date(Date.now() - MONO_VALIDITY_S * 1000 + REUSE_MARGIN_MS) },
    },
    orderBy: { createdAt: "desc" },
  });
  if (open?.pageUrl && open.providerOrderId) {
    // Asked first: the person may have paid (or been declined) and come back before the webhook.
    const state = await readMonoInvoice(open.providerOrderId);
    if (state && OPEN_STATES.has(state.status)) return { pageUrl: open.pageUrl };
    if (state) await applyMonoState(open, state);
    const now = await prisma.service.findUnique({ where: { id: station.id }, select: { isPaid: true } });
    if (now?.isPaid) throw new AppError(409, "Payment.alreadyPaid");
  }
  // The row's id is in the return address, so it is chosen before the invoice exists.
  const id = randomUUID();
  // monobank's payment page and the payer's bank statement are Ukrainian, whatever the site's language.
  const t = createTranslator({ locale: "uk", messages: MESSAGES.uk, namespace: "Payment" });
  const { invoiceId, pageUrl } = await createMonoInvoice({
    amount: fee,
    reference: station.id,
    destination: t("monoDestination", { station: station.name }).slice(0, 280),
    itemName: t("monoItem"),
    redirectUrl: `${localePath(locale, "/placeorder/result")}?payment=${id}`,
    webHookUrl: `${appUrl()}/api/etc/mono/webhook`,
    validity: MONO_VALIDITY_S,
  });
  await prisma.payment.create({
    data: {
      id,
      serviceId: station.id,
      userId: viewer.id,
      serviceName: station.name,
      payerEmail: viewer.email,
      amount: fee,
      currency: CURRENCY,
      provider: "monobank",
      providerOrderId: invoiceId,
      requestId: randomUUID(),
      pageUrl: pageUrl.slice(0, 500),
    },
  });
  log.info({ area: "monobank", invoiceId, paymentId: id, serviceId: station.id }, "invoice created");
  return { pageUrl };
}

/** The result page polls every 2 s: monobank is asked about one payment at most once in this time. */
const STATUS_READ_EVERY_MS = 5_000;
/**
 * When each open payment was last read at monobank. In memory, per instance: it only spares
 * monobank's shared rate limit (several instances each read at most once in 5 s), and the webhook
 * and the sweep settle the payment whatever it says.
 */
const lastStatusRead = new Map<string, number>();

function firstReadInAWhile(paymentId: string): boolean {
  const now = Date.now();
  const last = lastStatusRead.get(paymentId);
  if (last !== undefined && now - last < STATUS_READ_EVERY_MS) return false;
  if (lastStatusRead.size >= 1_000)
    for (const [id, at] of lastStatusRead) if (now - at >= STATUS_READ_EVERY_MS) lastStatusRead.delete(id);
  lastStatusRead.set(paymentId, now);
  return true;
}

const OUTCOME: Record<Payment["status"], MonoOutcome["status"]> = {
  created: "pending",
  captured: "captured",
  failed: "failed",
  expired: "expired",
  refunded: "refunded",
};

/**
 * A failed row whose last word from monobank is "success" took the money without being applied (it
 * did not match the invoice, or the place's claim was gone): the admins refund it; it is not a decline.
 */
function outcomeStatus(payment: Payment): MonoOutcome["status"] {
  const said = (payment.providerResponse as { status?: unknown } | null)?.status;
  return payment.status === "failed" && said === "success" ? "review" : OUTCOME[payment.status];
}

/**
 * GET /api/etc/mono/payments/{id} and the result page: what became of the viewer's card payment.
 * The person usually comes back before monobank's webhook does, so an open payment is first read
 * at monobank and settled; monobank out of reach leaves it pending (the webhook or the sweep
 * settles it), never an error. Only the payer and admins may look; anyone else gets a 404.
 */
export async function monoPaymentOutcome(viewer: Viewer | null, paymentId: string): Promise<MonoOutcome> {
  requireAccess(viewer, "signedIn");
  await take("monoOutcome", viewer.id);
  if (!isUuid(paymentId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const found = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (!found || found.provider !== "monobank" || (found.userId !== viewer.id && !viewer.isAdmin))
    throw new NotFoundError();
  let payment = found;
  if (
    payment.status === "created" &&
    payment.providerOrderId &&
    monoConfig().configured &&
    firstReadInAWhile(payment.id)
  ) {
    try {
      const state = await readMonoInvoice(payment.providerOrderId);
      if (state) await applyMonoState(payment, state);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 502)) throw error;
    }
    payment = (await prisma.payment.findUnique({ where: { id: paymentId } })) ?? payment;
  }
  const station = payment.serviceId
    ? await prisma.service.findUnique({ where: { id: payment.serviceId }, select: { isPaid: true, ownerId: true } })
    : null;
  return {
    status: outcomeStatus(payment),
    stoId: payment.serviceId,
    amount: payment.amount.toFixed(2),
    currency: payment.currency,
    listed: station?.isPaid ?? false,
    unclaimed: station !== null && station.ownerId === null,
  };
}

/** What applying a state did. */
export type MonoApplied =
  | "captured"
  | "duplicate"
  | "failed"
  | "expired"
  | "refunded"
  | "pending"
  | "mismatch"
  | "claimGone"
  | "replayed"
  | "stale";

const UNSETTLED: Payment["status"][] = ["created", "failed", "expired"];

/** A success of exactly the invoice made: the row's amount in kopiykas, hryvnias, this station. */
function matches(payment: Payment, state: MonoState): boolean {
  return (
    state.amount === toKopiykas(payment.amount.toFixed(2)) &&
    state.ccy === UAH &&
    state.reference !== null &&
    state.reference === payment.serviceId
  );
}

/**
 * Applies what monobank says of a payment's invoice, whoever learnt it (webhook, result page,
 * sweep), in one transaction. Each write is conditional on the row's status and on the state being
 * newer than the last one applied (a closing state: not older; monobank's modifiedDate: webhooks
 * come out of order), so
 * applying the same state twice, or an older one late, changes nothing:
 * - success → captured, the station published and the receipt queued; a station already paid (a
 *   second invoice paid) publishes nothing again and the admins are asked to refund it by hand;
 *   a success that does not match the invoice (amount, currency, station) publishes nothing;
 * - failure → failed; expired → expired; reversed → refunded, the station unpublished unless another
 *   captured payment covers it, the owner and the admins told.
 * With `event` (the webhook) the (invoice, status) pair is recorded in the same transaction:
 * a delivery of a pair already applied is "replayed" and does nothing.
 */
export async function applyMonoState(
  payment: Payment,
  state: MonoState,
  { event = false }: { event?: boolean } = {},
): Promise<MonoApplied> {
  const prisma = await getPrisma();
  const now = new Date();
  const status = state.status;
  const json = state.raw as Prisma.InputJsonObject;
  const newer = {
    OR: [{ providerUpdatedAt: null }, { providerUpdatedAt: { lt: state.modifiedDate } }],
  } satisfies Prisma.PaymentWhereInput;
  // monobank's modifiedDate has whole seconds: processing and its success (or decline) often share
  // one. A closing state is applied when it is not older than the last applied; the row's status
  // condition in close() already keeps it from being applied twice.
  const notOlder = {
    OR: [{ providerUpdatedAt: null }, { providerUpdatedAt: { lte: state.modifiedDate } }],
  } satisfies Prisma.PaymentWhereInput;
  const mismatch = status === "success" && !matches(payment, state);
  const amount = payment.amount.toFixed(2);
  const mailValues = {
    amount,
    currency: payment.currency,
    provider: PROVIDER_NAMES.monobank,
    reference: state.invoiceId,
  };

  const apply = async (tx: Prisma.TransactionClient): Promise<MonoApplied> => {
    if (event) {
      const first = await tx.monoEvent.createMany({
        data: [{ invoiceId: state.invoiceId, status: status.slice(0, 20), modifiedDate: state.modifiedDate }],
        skipDuplicates: true,
      });
      if (first.count === 0) return "replayed";
    }
    const close = async (
      from: Payment["status"][],
      to: Payment["status"],
      extra: Prisma.PaymentUpdateManyMutationInput = {},
    ) =>
      (
        await tx.payment.updateMany({
          where: { id: payment.id, status: { in: from }, ...notOlder },
          data: { status: to, providerUpdatedAt: state.modifiedDate, providerResponse: json, ...extra },
        })
      ).count === 1;

    if (OPEN_STATES.has(status)) {
      // Still open at monobank: only the time of the newest state known moves on.
      const moved = await tx.payment.updateMany({
        where: { id: payment.id, status: "created", ...newer },
        data: { providerUpdatedAt: state.modifiedDate },
      });
      return moved.count === 1 ? "pending" : "stale";
    }
    if (status === "success") {
      if (mismatch) {
        if (!(await close(UNSETTLED, "failed"))) return "stale";
        await mailAdmins(tx, "paymentReviewAdmin", payment, { ...mailValues, reason: "mismatch" });
        return "mismatch";
      }
      if (!(await close(UNSETTLED, "captured", { capturedAt: now }))) return "stale";
      const published = payment.serviceId ? await publishPaid(tx, payment.serviceId, payment.userId, now) : true;
      await mailPayer(tx, payment, "receipt", { ...mailValues, date: now });
      if (published) return "captured";
      await mailAdmins(tx, "paymentDuplicateAdmin", payment, mailValues);
      return "duplicate";
    }
    if (status === "failure") return (await close(["created"], "failed")) ? "failed" : "stale";
    if (status === "expired") return (await close(["created"], "expired")) ? "expired" : "stale";
    if (status === "reversed") {
      if (!(await close(["captured"], "refunded", { refundedAt: now }))) {
        // Reversed before its success was ever applied here: nothing was published by it.
        return (await close(UNSETTLED, "refunded", { refundedAt: now })) ? "refunded" : "stale";
      }
      const listing = await unlistUnlessCovered(tx, payment);
      await mailPayer(tx, payment, "refunded", { ...mailValues, listing, date: now });
      await mailAdmins(tx, "paymentReversedAdmin", payment, { ...mailValues, listing });
      return "refunded";
    }
    log.warn({ area: "monobank", invoiceId: state.invoiceId, status }, "invoice status not known: left as it is");
    return "stale";
  };

  // Only a success (publishing, perhaps taking over an unclaimed place) and a reversal (unlisting)
  // change stations; the rest must not empty every instance's read cache.
  const transaction = () => prisma.$transaction(apply);
  const touchesCatalog = status === "success" || status === "reversed";
  const applied = await (touchesCatalog ? changingCatalog(transaction) : transaction()).catch(
    async (error: unknown) => {
      if (!(error instanceof ClaimGone)) throw error;
      // The place's claim was rejected or cancelled between the invoice and the payment: nobody is
      // made its owner, the payment is failed with monobank's answer kept, and the admins are asked
      // (once: only by whoever fails the row) to refund it by hand.
      await prisma.$transaction(async (tx) => {
        const failed = await tx.payment.updateMany({
          where: { id: payment.id, status: { in: UNSETTLED } },
          data: { status: "failed", providerResponse: json, providerUpdatedAt: state.modifiedDate },
        });
        if (failed.count === 1)
          await mailAdmins(tx, "paymentReviewAdmin", payment, { ...mailValues, reason: "claimGone" });
      });
      return "claimGone" as const;
    },
  );

  const described = {
    invoiceId: state.invoiceId,
    paymentId: payment.id,
    serviceId: payment.serviceId,
    status,
  };
  if (applied === "mismatch") {
    log.error(
      { area: "monobank", ...described, amount: state.amount, ccy: state.ccy, reference: state.reference },
      "paid invoice does not match its payment: nothing published, refund it",
    );
    await recordSecurityEvent("webhook.forged", {
      userId: null,
      details: {
        provider: "monobank",
        reason: "mismatch",
        invoiceId: state.invoiceId,
        amount: state.amount,
        ccy: state.ccy,
        reference: state.reference,
      },
    });
  } else if (applied === "claimGone") {
    log.error(
      { area: "monobank", ...described, claimantId: payment.userId },
      "invoice paid for a service whose claim is no longer verified: refund it",
    );
  } else if (applied === "duplicate") {
    log.warn({ area: "monobank", ...described }, "station paid twice: published once, admins asked to refund");
  } else if (applied !== "stale" && applied !== "replayed") {
    log.info({ area: "monobank", ...described, applied }, "invoice state applied");
  }
  return applied;
}

/**
 * POST /api/etc/mono/webhook: the raw body is checked against X-Sign before a byte of it is read
 * (forged → 401 and a security event); then the invoice's state is applied once per (invoice,
 * status). A delivery of a pair already applied, or for an invoice this site did not make, is
 * answered 200 { handled: false } so monobank stops delivering it.
 */
export async function handleMonoWebhook(
  raw: Uint8Array,
  headers: { get(name: string): string | null },
): Promise<{ handled: boolean }> {
  const verified = monoConfig().configured && (await verifyMonoSignature(raw, headers.get("x-sign")));
  if (!verified) {
    log.warn({ area: "monobank", bytes: Buffer.byteLength(raw) }, "webhook signature refused");
    await recordSecurityEvent("webhook.forged", { userId: null, status: 401, details: { provider: "monobank" } });
    throw new AppError(401, "Payment.webhookRefused");
  }
  const state = monoState(parseJson(raw));
  if (!state) throw new AppError(400, "Api.badRequest");
  const prisma = await getPrisma();
  const payment = await prisma.payment.findUnique({ where: { providerOrderId: state.invoiceId } });
  if (!payment || payment.provider !== "monobank") {
    log.warn({ area: "monobank", invoiceId: state.invoiceId, status: state.status }, "webhook for an unknown invoice");
    return { handled: false };
  }
  const applied = await applyMonoState(payment, state, { event: true });
  if (applied === "replayed") {
    log.warn({ area: "monobank", invoiceId: state.invoiceId, status: state.status }, "webhook state already applied");
    await recordSecurityEvent("webhook.replayed", {
      userId: null,
      details: { provider: "monobank", invoiceId: state.invoiceId, status: state.status },
    });
    return { handled: false };
  }
  return { handled: applied !== "stale" };
}

/**
 * The sweep (job runner, every few minutes): every monobank payment still "created" 15 minutes
 * after its invoice (its validity) is read at monobank and settled, failed or expired; an invoice
 * monobank does not know is failed. monobank out of reach is counted and tried again next run.
 * One still open at monobank a day after it was made is failed and the admins are asked to look
 * at it in monobank's cabinet. The rows read longest ago come first, and a row found still open is
 * moved to the back, so invoices monobank keeps open cannot keep newer ones from being read.
 */
export async function sweepMonoPayments(
  now = new Date(),
): Promise<Record<MonoApplied | "unknown" | "unreachable" | "abandoned", number>> {
  const counts: Record<MonoApplied | "unknown" | "unreachable" | "abandoned", number> = {
    captured: 0,
    duplicate: 0,
    failed: 0,
    expired: 0,
    refunded: 0,
    pending: 0,
    mismatch: 0,
    claimGone: 0,
    replayed: 0,
    stale: 0,
    unknown: 0,
    unreachable: 0,
    abandoned: 0,
  };
  if (!monoConfig().configured) return counts;
  const prisma = await getPrisma();
  const open = await prisma.payment.findMany({
    where: {
      provider: "monobank",
      status: "created",
      createdAt: { lt: new Date(now.getTime() - MONO_SWEEP_AFTER_MS) },
      providerOrderId: { not: null },
    },
    orderBy: [{ updatedAt: "asc" }, { createdAt: "asc" }],
    take: 50,
  });
  for (const payment of open) {
    try {
      const state = await readMonoInvoice(payment.providerOrderId!);
      if (state && OPEN_STATES.has(state.status)) {
        if (now.getTime() - payment.createdAt.getTime() > MONO_GIVE_UP_AFTER_MS) {
          if (await giveUp(payment, state)) counts.abandoned++;
        } else {
          counts[await applyMonoState(payment, state)]++;
          // To the back of the queue, whether or not monobank's state moved on.
          await prisma.payment.updateMany({
            where: { id: payment.id, status: "created" },
            data: { updatedAt: new Date() },
          });
        }
      } else if (state) counts[await applyMonoState(payment, state)]++;
      else {
        await prisma.payment.updateMany({ where: { id: payment.id, status: "created" }, data: { status: "failed" } });
        log.warn({ area: "monobank", invoiceId: payment.providerOrderId }, "invoice not known at monobank: failed");
        counts.unknown++;
      }
    } catch (error) {
      if (error instanceof AppError && error.status === 502) counts.unreachable++;
      else throw error;
    }
  }
  return counts;
}

/** A day-old invoice monobank still holds open: failed here, the admins mailed (once: by whoever failed it). */
async function giveUp(payment: Payment, state: MonoState): Promise<boolean> {
  const prisma = await getPrisma();
  const failed = await prisma.$transaction(async (tx) => {
    const row = await tx.payment.updateMany({
      where: { id: payment.id, status: "created" },
      data: { status: "failed", providerResponse: state.raw as Prisma.InputJsonObject },
    });
    if (row.count === 1)
      await mailAdmins(tx, "paymentStuckAdmin", payment, {
        amount: payment.amount.toFixed(2),
        currency: payment.currency,
        provider: PROVIDER_NAMES.monobank,
        reference: state.invoiceId,
      });
    return row.count === 1;
  });
  if (failed) {
    log.warn(
      { area: "monobank", invoiceId: state.invoiceId, paymentId: payment.id, status: state.status },
      "invoice still open at monobank a day after it was made: failed, admins asked to check it",
    );
  }
  return failed;
}
