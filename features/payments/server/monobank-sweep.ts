import "server-only";

import { getPrisma } from "@/lib/db/server";
import type { Payment, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";

import { monoConfig, readMonoInvoice, type MonoState } from "./monobank";
import { MONO_VALIDITY_S } from "./monobank-invoice";
import { applyMonoState, OPEN_STATES, type MonoApplied } from "./monobank-state";
import { mailAdmins, PROVIDER_NAMES } from "./station-payment";

export const MONO_SWEEP_AFTER_MS = MONO_VALIDITY_S * 1000;
/** An invoice monobank still reports open (processing, hold) this long after it was made is given up. */
const MONO_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

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
