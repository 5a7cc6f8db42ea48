import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for PayPal's REST API (OAuth2, Orders v2 create, capture and read, webhook
 * signature verification) with switches for the failures the app must survive. Like PayPal, a
 * capture repeated with the same PayPal-Request-Id gets the first answer again; without it,
 * ORDER_ALREADY_CAPTURED. `loseCaptureAnswer` captures and then cuts the connection, as when our
 * side times out; `captureDirectly` captures as if through another channel (a lost pay call).
 * Webhooks verify when transmission_sig is VALID_SIGNATURE and the webhook id is `webhookId`.
 */
export const VALID_SIGNATURE = "valid-signature";
export type FakePaypal = {
  url: string;
  clientId: string;
  secret: string;
  webhookId: string;
  mode: {
    decline: boolean;
    down: boolean;
    amount: string | null;
    customId: string | null;
    status: string | null;
    loseCaptureAnswer: boolean;
  };
  orders: Map<
    string,
    {
      body: Record<string, unknown>;
      captured: Record<string, unknown> | null;
      captureRequestId: string | null;
      approved: boolean;
    }
  >;
  captures: number;
  verifications: number;
  captureDirectly(orderId: string): Record<string, unknown>;
  approve(orderId: string): void;
  close(): Promise<void>;
};

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => resolve(raw));
  });

export async function startFakePaypal(port = 0): Promise<FakePaypal> {
  const fake = {
    clientId: "test-client",
    secret: "test-secret",
    webhookId: "WH-TEST-1",
    mode: { decline: false, down: false, amount: null, customId: null, status: null, loseCaptureAnswer: false },
    orders: new Map(),
    captures: 0,
    verifications: 0,
  } as Omit<FakePaypal, "url" | "close" | "captureDirectly" | "approve">;
  const byRequestId = new Map<string, string>();
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    if (fake.mode.down) return request.socket.destroy();
    const raw = await read(request);
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const url = request.url ?? "";
    if (request.method === "POST" && url === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.secret}`).toString("base64")}`;
      if (request.headers.authorization !== expected || raw !== "grant_type=client_credentials")
        return send(401, { error: "invalid_client" });
      return send(200, { access_token: "A21-fake-token", token_type: "Bearer", expires_in: 32400 });
    }
    if (request.headers.authorization !== "Bearer A21-fake-token") return send(401, { name: "AUTHENTICATION_FAILURE" });
    const requestId = String(request.headers["paypal-request-id"] ?? "");
    if (request.method === "POST" && url === "/v2/checkout/orders") {
      const known = byRequestId.get(requestId);
      if (known) return send(201, { id: known, status: "CREATED" });
      const id = `ORDER${++counter}X${Date.now()}`;
      fake.orders.set(id, {
        body: JSON.parse(raw) as Record<string, unknown>,
        captured: null,
        captureRequestId: null,
        approved: false,
      });
      if (requestId) byRequestId.set(requestId, id);
      return send(201, { id, status: "CREATED" });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url);
    if (request.method === "POST" && capture) {
      const order = fake.orders.get(decodeURIComponent(capture[1]!));
      if (!order) return send(404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
      if (order.captured) {
        if (requestId && requestId === order.captureRequestId) return send(201, order.captured);
        return send(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
      }
      if (fake.mode.decline)
        return send(422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }] });
      doCapture(decodeURIComponent(capture[1]!), requestId);
      if (fake.mode.loseCaptureAnswer) return request.socket.destroy();
      return send(201, order.captured);
    }
    const lookup = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url);
    if (request.method === "GET" && lookup) {
      const order = fake.orders.get(decodeURIComponent(lookup[1]!));
      if (!order) return send(404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
      if (order.captured) return send(200, order.captured);
      return send(200, {
        id: lookup[1],
        status: order.approved ? "APPROVED" : "CREATED",
        purchase_units: order.body.purchase_units,
      });
    }
    if (request.method === "POST" && url === "/v1/notifications/verify-webhook-signature") {
      fake.verifications++;
      const body = JSON.parse(raw) as { transmission_sig?: string; webhook_id?: string; transmission_id?: string };
      const ok =
        body.transmission_sig === VALID_SIGNATURE &&
        body.webhook_id === fake.webhookId &&
        Boolean(body.transmission_id);
      return send(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }
    send(404, { name: "NOT_FOUND" });
  });
  function doCapture(orderId: string, requestId: string): Record<string, unknown> {
    const order = fake.orders.get(orderId)!;
    const unit = (
      order.body.purchase_units as { custom_id: string; amount: { value: string; currency_code: string } }[]
    )[0]!;
    fake.captures++;
    const status = fake.mode.status ?? "COMPLETED";
    order.captured = {
      id: orderId,
      status,
      payer: { email_address: "buyer@example.com" },
      purchase_units: [
        {
          payments: {
            captures: [
              {
                id: `CAP${fake.captures}`,
                status,
                custom_id: fake.mode.customId ?? unit.custom_id,
                amount: { currency_code: unit.amount.currency_code, value: fake.mode.amount ?? unit.amount.value },
              },
            ],
          },
        },
      ],
    };
    order.captureRequestId = requestId;
    return order.captured;
  }
  Object.assign(fake, {
    captureDirectly: (orderId: string) => doCapture(orderId, "outside-the-app"),
    approve: (orderId: string) => {
      fake.orders.get(orderId)!.approved = true;
    },
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakePaypal;
}
