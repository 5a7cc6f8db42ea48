import "server-only";

import { randomUUID } from "node:crypto";
import { createTranslator, type Locale } from "next-intl";

import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { MESSAGES } from "@/i18n/messages";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import type { Payment } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { log } from "@/lib/log";
import { take } from "@/lib/security/rate-limit";
import { appUrl } from "@/lib/site";

import type { MonoOutcome } from "../answers";
import { monoInvoiceInput } from "../schema";
import { createMonoInvoice, monoConfig, readMonoInvoice } from "./monobank";
import { applyMonoState, OPEN_STATES } from "./monobank-state";
import { payableStation } from "./station-payment";

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

/** A second click gets the open invoice back only while a minute of it is left to pay in. */
const REUSE_MARGIN_MS = 60_000;
const CURRENCY = "UAH";

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
