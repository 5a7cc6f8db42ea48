import "server-only";

import { createPublicKey, verify, type KeyObject } from "node:crypto";

import { monoInvoiceState, type MonoInvoiceBody } from "@/features/payments/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";

/**
 * A small client for monobank's acquiring API ("plata by mono"): invoice create and status, and the
 * merchant's public key that signs webhooks. Every call carries X-Token (MONO_TOKEN) and a timeout;
 * monobank out of reach or answering 5xx (or refusing our token) is a 502 Payment.unavailable.
 * MONO_API_BASE points the tests and `npm run dev` at a local stand-in.
 */
const TIMEOUT_MS = 10_000;
/** A failed verification fetches the key again (monobank rotated it), at most this often. */
export const PUBKEY_REFETCH_MS = 60_000;
/** Hryvnia's ISO 4217 number, as monobank names currencies. */
export const UAH = 980;

export function monoConfig() {
  const token = env.MONO_TOKEN ?? "";
  return { token, base: env.MONO_API_BASE, configured: Boolean(token) };
}

/** "125.00" → 12500: monobank counts kopiykas. */
export function toKopiykas(amount: string): number {
  const [whole = "0", part = ""] = amount.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0").slice(0, 2));
}

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const { token, base } = monoConfig();
  const headers = new Headers(init.headers);
  headers.set("accept", "application/json");
  headers.set("x-token", token);
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    log.error({ area: "monobank", path: path.split("?")[0], err: error }, "monobank unreachable");
    throw new AppError(502, "Payment.unavailable");
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500) {
    log.error(
      { area: "monobank", path: path.split("?")[0], status: response.status },
      "monobank answered with a server error",
    );
    throw new AppError(502, "Payment.unavailable");
  }
  if (response.status === 401 || response.status === 403) {
    // Our token, not the person paying: the site cannot take card payments until it is fixed.
    log.error({ area: "monobank", path: path.split("?")[0], status: response.status }, "monobank refused MONO_TOKEN");
    throw new AppError(502, "Payment.unavailable");
  }
  return { status: response.status, body };
}

export type MonoInvoiceRequest = {
  amount: string;
  reference: string;
  destination: string;
  itemName: string;
  redirectUrl: string;
  webHookUrl: string;
  validity: number;
};

/**
 * The payment page the browser will be sent to: an https address (plain http only when the API
 * itself is reached over http, i.e. the local stand-in). Anything else from a misconfigured or
 * hostile MONO_API_BASE (javascript:, data:, a relative path) is never handed to the browser.
 */
export function safePageUrl(pageUrl: string, apiBase: string): boolean {
  let protocol: string;
  try {
    protocol = new URL(pageUrl).protocol;
  } catch {
    return false;
  }
  if (protocol === "https:") return true;
  return protocol === "http:" && apiBase.startsWith("http:");
}

/** POST /api/merchant/invoice/create: a one-off debit invoice in hryvnias. */
export async function createMonoInvoice(input: MonoInvoiceRequest): Promise<{ invoiceId: string; pageUrl: string }> {
  const kopiykas = toKopiykas(input.amount);
  const { status, body } = await call("/api/merchant/invoice/create", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      amount: kopiykas,
      ccy: UAH,
      merchantPaymInfo: {
        reference: input.reference,
        destination: input.destination,
        basketOrder: [
          { name: input.itemName, qty: 1, sum: kopiykas, total: kopiykas, unit: "шт.", code: "maister-listing" },
        ],
      },
      redirectUrl: input.redirectUrl,
      webHookUrl: input.webHookUrl,
      validity: input.validity,
      paymentType: "debit",
    }),
  });
  if (status !== 200 || typeof body.invoiceId !== "string" || typeof body.pageUrl !== "string") {
    log.error({ area: "monobank", status, errCode: body.errCode, errText: body.errText }, "invoice not created");
    throw new AppError(502, "Payment.unavailable");
  }
  if (!safePageUrl(body.pageUrl, monoConfig().base)) {
    log.error({ area: "monobank", invoiceId: body.invoiceId }, "invoice's payment page is not an https address");
    throw new AppError(502, "Payment.unavailable");
  }
  return { invoiceId: body.invoiceId, pageUrl: body.pageUrl };
}

/** What an invoice says now, as the status call and the webhook report it. */
export type MonoState = {
  invoiceId: string;
  status: string;
  amount: number | null;
  ccy: number | null;
  reference: string | null;
  modifiedDate: Date;
  raw: MonoInvoiceBody;
};

/** An invoice body (status answer or webhook) read into a state; null when it is not one. */
export function monoState(body: unknown): MonoState | null {
  const parsed = monoInvoiceState.safeParse(body);
  if (!parsed.success) return null;
  const modifiedDate = new Date(parsed.data.modifiedDate ?? parsed.data.createdDate ?? "");
  if (Number.isNaN(modifiedDate.getTime())) return null;
  return {
    invoiceId: parsed.data.invoiceId,
    status: parsed.data.status,
    amount: parsed.data.amount ?? null,
    ccy: parsed.data.ccy ?? null,
    reference: parsed.data.reference ?? null,
    modifiedDate,
    raw: parsed.data,
  };
}

/** GET /api/merchant/invoice/status. An invoice monobank does not know is null. */
export async function readMonoInvoice(invoiceId: string): Promise<MonoState | null> {
  const { status, body } = await call(`/api/merchant/invoice/status?invoiceId=${encodeURIComponent(invoiceId)}`);
  if (status === 404) return null;
  const state = status === 200 ? monoState(body) : null;
  if (!state || state.invoiceId !== invoiceId) {
    log.error({ area: "monobank", invoiceId, status, errCode: body.errCode }, "invoice status not readable");
    throw new AppError(502, "Payment.unavailable");
  }
  return state;
}

type CachedKey = { key: KeyObject; source: string };
// One per process: the key changes rarely, and every webhook needs it.
let cachedKey: CachedKey | null = null;
let fetching: Promise<CachedKey> | null = null;
/**
 * When the key was last asked for (whether monobank answered or not), per settings: within
 * PUBKEY_REFETCH_MS of it nothing asks again, so forged deliveries never turn into calls to monobank,
 * also while it is down or before any key was ever fetched.
 */
let lastAttempt: { source: string; at: number } | null = null;

async function fetchKey(): Promise<CachedKey> {
  const { base, token } = monoConfig();
  const { status, body } = await call("/api/merchant/pubkey");
  if (status !== 200 || typeof body.key !== "string") {
    log.error({ area: "monobank", status }, "public key not readable");
    throw new AppError(502, "Payment.unavailable");
  }
  let key: KeyObject;
  try {
    key = createPublicKey(Buffer.from(body.key, "base64").toString("utf8"));
  } catch (error) {
    log.error({ area: "monobank", err: error }, "public key not usable");
    throw new AppError(502, "Payment.unavailable");
  }
  log.info({ area: "monobank" }, "public key fetched");
  return { key, source: `${base}|${token}` };
}

/**
 * The cached key; a fresh one when there is none yet (or the settings changed) or when `renew`,
 * unless the key was asked for less than PUBKEY_REFETCH_MS ago: then the cached key, or null.
 */
async function merchantKey(renew: boolean): Promise<KeyObject | null> {
  const { base, token } = monoConfig();
  const source = `${base}|${token}`;
  const cached = cachedKey?.source === source ? cachedKey.key : null;
  if (cached && !renew) return cached;
  // Concurrent webhooks share one fetch.
  if (!fetching) {
    if (lastAttempt?.source === source && Date.now() - lastAttempt.at < PUBKEY_REFETCH_MS) return renew ? null : cached;
    lastAttempt = { source, at: Date.now() };
    fetching = fetchKey().finally(() => (fetching = null));
  }
  cachedKey = await fetching;
  return cachedKey.key;
}

function verifies(key: KeyObject, raw: string | Uint8Array, signature: Buffer): boolean {
  try {
    return verify("sha256", typeof raw === "string" ? Buffer.from(raw, "utf8") : raw, key, signature);
  } catch {
    return false;
  }
}

/**
 * X-Sign over the raw body, checked with the merchant's public key before anything in it is read.
 * A signature that fails with the cached key is tried once more with a fresh key (monobank may have
 * rotated it), but the key is asked for at most once a minute, whether that worked or not: forged
 * deliveries cannot make the site call monobank; within that minute they are simply refused. The
 * fetch itself failing (monobank out of reach) → 502 (monobank delivers again later).
 */
export async function verifyMonoSignature(raw: string | Uint8Array, xSign: string | null): Promise<boolean> {
  if (!xSign || !/^[A-Za-z0-9+/=]{16,400}$/.test(xSign)) return false;
  const signature = Buffer.from(xSign, "base64");
  const key = await merchantKey(false);
  if (key && verifies(key, raw, signature)) return true;
  const fresh = await merchantKey(true);
  return fresh !== null && fresh !== key && verifies(fresh, raw, signature);
}
