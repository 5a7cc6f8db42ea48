import "server-only";

import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import type { Payment, Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { recordSecurityEvent } from "@/lib/security/security-log";

import { toKopiykas, UAH, type MonoState } from "./monobank";
import { ClaimGone, mailAdmins, mailPayer, PROVIDER_NAMES, publishPaid, unlistUnlessCovered } from "./station-payment";

/** monobank's states of an invoice that can still be paid. */
export const OPEN_STATES = new Set(["created", "processing", "hold"]);

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
