import "server-only";

import { randomUUID } from "node:crypto";

import { PAYMENT } from "@/features/payments/fee";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";

/**
 * A small client for PayPal's REST API (OAuth2 client credentials, Orders v2). PAYPAL_API_BASE
 * selects sandbox or live; tests point it at a local fake. Every call has a timeout, and create and
 * capture carry a PayPal-Request-Id so a retried call is answered once by PayPal, not twice.
 */
const TIMEOUT_MS = 10_000;

export function paypalConfig() {
  const clientId = env.PAYPAL_CLIENT_ID ?? "";
  const secret = env.PAYPAL_CLIENT_SECRET ?? "";
  return { clientId, secret, base: env.PAYPAL_API_BASE, configured: Boolean(clientId && secret) };
}

let token: { value: string; expiresAt: number; key: string } | null = null;

async function call(
  path: string,
  init: RequestInit & { auth?: "basic" },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { clientId, secret, base } = paypalConfig();
  const headers = new Headers(init.headers);
  headers.set("accept", "application/json");
  headers.set(
    "authorization",
    init.auth === "basic"
      ? `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`
      : `Bearer ${await accessToken()}`,
  );
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    log.error({ area: "paypal", path, err: error }, "PayPal unreachable");
    throw new AppError(502, "Payment.unavailable");
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 500) {
    log.error({ area: "paypal", path, status: response.status }, "PayPal answered with a server error");
    throw new AppError(502, "Payment.unavailable");
  }
  return { status: response.status, body };
}

async function accessToken(): Promise<string> {
  const { clientId, base } = paypalConfig();
  const key = `${base}|${clientId}`;
  if (token && token.key === key && token.expiresAt > Date.now() + 60_000) return token.value;
  const { status, body } = await call("/v1/oauth2/token", {
    method: "POST",
    auth: "basic",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (status !== 200 || typeof body.access_token !== "string") {
    log.error({ area: "paypal", status }, "PayPal refused the OAuth client credentials");
    throw new AppError(502, "Payment.unavailable");
  }
  token = { value: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 300) * 1000, key };
  return token.value;
}

/** Orders v2 create: 3.00 USD (2.40 item + 0.60 tax) with the station id as custom_id. */
export async function createPaypalOrder(
  serviceId: string,
  serviceName: string,
): Promise<{ orderId: string; requestId: string }> {
  const requestId = randomUUID();
  const { status, body } = await call("/v2/checkout/orders", {
    method: "POST",
    headers: { "content-type": "application/json", "paypal-request-id": requestId, prefer: "return=minimal" },
    body: JSON.stringify({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: serviceId,
          custom_id: serviceId,
          description: `Maister listing: ${serviceName}`.slice(0, 127),
          amount: {
            currency_code: PAYMENT.currency,
            value: PAYMENT.total,
            breakdown: {
              item_total: { currency_code: PAYMENT.currency, value: PAYMENT.item },
              tax_total: { currency_code: PAYMENT.currency, value: PAYMENT.tax },
            },
          },
          items: [
            {
              name: "Maister listing",
              quantity: "1",
              category: "DIGITAL_GOODS",
              unit_amount: { currency_code: PAYMENT.currency, value: PAYMENT.item },
              tax: { currency_code: PAYMENT.currency, value: PAYMENT.tax },
            },
          ],
        },
      ],
    }),
  });
  if ((status !== 200 && status !== 201) || typeof body.id !== "string") throw new AppError(502, "Payment.unavailable");
  return { orderId: body.id, requestId };
}

/** What an order says about its money: its status and its (first) capture, from either capture or read. */
export type OrderState = {
  orderStatus: string;
  capture: {
    id: string | null;
    status: string;
    amount: string | null;
    currency: string | null;
    customId: string | null;
  } | null;
  payerEmail: string | null;
  raw: Record<string, unknown>;
};

type OrderBody = {
  status?: string;
  details?: { issue?: string }[];
  payer?: { email_address?: string };
  purchase_units?: {
    custom_id?: string;
    payments?: {
      captures?: {
        id?: string;
        status?: string;
        custom_id?: string;
        amount?: { value?: string; currency_code?: string };
      }[];
    };
  }[];
};

function orderState(body: Record<string, unknown>): OrderState {
  const parsed = body as OrderBody;
  const unit = parsed.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  return {
    orderStatus: parsed.status ?? "UNKNOWN",
    capture: capture
      ? {
          id: capture.id ?? null,
          status: capture.status ?? "UNKNOWN",
          amount: capture.amount?.value ?? null,
          currency: capture.amount?.currency_code ?? null,
          customId: capture.custom_id ?? unit?.custom_id ?? null,
        }
      : null,
    payerEmail: parsed.payer?.email_address ?? null,
    raw: body,
  };
}

/**
 * Orders v2 capture. The request id is derived from the order, so a retry after a lost answer gets
 * PayPal's first answer again instead of an error or a second charge.
 */
export async function capturePaypalOrder(orderId: string): Promise<OrderState> {
  const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
    method: "POST",
    headers: { "content-type": "application/json", "paypal-request-id": `capture-${orderId}` },
  });
  const issue = (body as OrderBody).details?.[0]?.issue;
  if (status === 422 && issue === "ORDER_ALREADY_CAPTURED") throw new AppError(409, "Payment.alreadyCaptured");
  if (status === 422 || status === 402) throw new AppError(402, "Payment.declined");
  if (status === 404) throw new AppError(400, "Payment.unknownOrder");
  if (status !== 200 && status !== 201) throw new AppError(502, "Payment.unavailable");
  return orderState(body);
}

/** Orders v2 read: what PayPal knows of the order now, for reconciling a capture whose answer we lost. */
export async function readPaypalOrder(orderId: string): Promise<OrderState> {
  const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: "GET" });
  if (status === 404) throw new AppError(400, "Payment.unknownOrder");
  if (status !== 200) throw new AppError(502, "Payment.unavailable");
  return orderState(body);
}

/** The headers PayPal signs a webhook delivery with. */
export const WEBHOOK_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

/**
 * PayPal's own check of a webhook delivery (POST /v1/notifications/verify-webhook-signature) against
 * PAYPAL_WEBHOOK_ID. Without a webhook id nothing is ever verified, so nothing is accepted.
 */
export async function verifyWebhook(headers: { get(name: string): string | null }, event: unknown): Promise<boolean> {
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  if (!webhookId || !paypalConfig().configured) return false;
  const signed = Object.fromEntries(
    WEBHOOK_HEADERS.map((name) => [name.replace("paypal-", "").replaceAll("-", "_"), headers.get(name) ?? ""]),
  );
  if (Object.values(signed).some((value) => !value)) return false;
  const { status, body } = await call("/v1/notifications/verify-webhook-signature", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...signed, webhook_id: webhookId, webhook_event: event }),
  });
  return status === 200 && body.verification_status === "SUCCESS";
}
