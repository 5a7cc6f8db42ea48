import "server-only";

import { getPrisma } from "@/lib/db/server";
import { parseJson } from "@/lib/http/answers";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { recordSecurityEvent } from "@/lib/security/security-log";

import { monoConfig, monoState, verifyMonoSignature } from "./monobank";
import { applyMonoState } from "./monobank-state";

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
