import { generateKeyPairSync, randomInt, sign as signData, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { escapeHtml, readBody } from "./stand-in-http";

/**
 * A local stand-in for monobank's acquiring API ("plata by mono"): invoice create and status, the
 * merchant's public key, signed webhooks, and a hosted payment page a browser can use. Like
 * monobank, every API call needs X-Token; webhooks carry X-Sign, the base64 DER ECDSA-SHA256
 * signature of the raw body, verifiable with the PEM key that /api/merchant/pubkey hands out.
 * Switches in `mode` make it fail the ways the app must survive: down (503 for every API call),
 * lost webhooks, and reported amount / currency / reference that differ from the invoice.
 * Used by the payment tests, the end-to-end server and `npm run dev` without a MONO_TOKEN.
 */
export const MONO_TEST_TOKEN = "test-mono-token";

export type FakeInvoice = {
  invoiceId: string;
  status: string;
  amount: number;
  ccy: number;
  reference: string;
  destination: string;
  redirectUrl: string;
  webHookUrl: string;
  validity: number;
  createdDate: string;
  modifiedDate: string;
  failureReason?: string;
  cancelList?: object[];
  request: Record<string, unknown>;
};

/**
 * Delivers one webhook and answers the receiver's HTTP status (0: not reached). The default posts
 * it over HTTP to the invoice's webHookUrl; integration tests, which have no server, replace it
 * with a call of the route handler (tests/helpers/mono-stand-in.ts).
 */
export type WebhookDelivery = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export type FakeMonobank = {
  url: string;
  token: string;
  invoices: Map<string, FakeInvoice>;
  mode: {
    down: boolean;
    loseWebhooks: boolean;
    amount: number | null;
    ccy: number | null;
    reference: string | null;
    /** modifiedDate to the second, as real monobank reports it: two quick changes share a date. */
    secondPrecision?: boolean;
    /** The pageUrl invoice/create answers instead of the stand-in's own page (a broken or hostile API). */
    pageUrl?: string | null;
  };
  /** API calls answered (not those refused while down or for a bad token). */
  calls: { create: number; status: number; pubkey: number };
  /** Every webhook sent, in order, with the receiver's status (0: not reached). */
  deliveries: { invoiceId: string; status: string; answer: number }[];
  deliver: WebhookDelivery;
  pay(invoiceId: string, outcome?: "success" | "failure"): Promise<void>;
  expire(invoiceId: string): Promise<void>;
  reverse(invoiceId: string): Promise<void>;
  statusBody(invoiceId: string): string;
  sendWebhook(
    invoiceId: string,
    opts?: { body?: string; signature?: "valid" | "forged" | "old-key" | "none" },
  ): Promise<number>;
  sign(body: string): string;
  rotateKey(): void;
  close(): Promise<void>;
};

const OPEN = new Set(["created", "processing", "hold"]);
// monobank's default when the merchant sends no validity: a day.
const DEFAULT_VALIDITY = 86_400;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

const newKey = () => generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const signWith = (key: KeyObject, body: string) => signData("sha256", Buffer.from(body), key).toString("base64");

const read = readBody;

const uah = (kopiykas: number) => `${(kopiykas / 100).toFixed(2)} UAH`;

/** The hosted page's frame: readable on a phone, no scripts. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f4f4f5; color: #18181b; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; }
.label { display: inline-block; background: #facc15; color: #18181b; font-weight: 600; padding: 2px 8px; border-radius: 6px; }
.amount { font-size: 32px; font-weight: 700; margin: 16px 0 4px; }
button { display: block; width: 100%; font: inherit; font-weight: 600; padding: 14px; margin-top: 12px; border-radius: 8px; border: 2px solid #18181b; cursor: pointer; }
button[value="success"] { background: #18181b; color: #fff; }
button[value="failure"] { background: #fff; color: #18181b; }
button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body><main>
<p class="label">monobank stand-in — test card</p>
${body}
</main></body>
</html>`;
}

export async function startFakeMonobank(port = 0): Promise<FakeMonobank> {
  let key = newKey();
  let oldKey: ReturnType<typeof newKey> | null = null;
  // Signs the "forged" deliveries: a well-formed signature from a key that is not the merchant's.
  const stranger = newKey();
  // Each state change is at least a millisecond after the previous one, so modifiedDate orders them
  // (unless mode.secondPrecision cuts the milliseconds off, as monobank does).
  let lastChange = 0;
  const changeDate = () => {
    lastChange = Math.max(Date.now(), lastChange + 1);
    const date = new Date(lastChange).toISOString();
    return mode.secondPrecision ? date.replace(/\.\d{3}Z$/, "Z") : date;
  };

  const invoices = new Map<string, FakeInvoice>();
  const mode: FakeMonobank["mode"] = { down: false, loseWebhooks: false, amount: null, ccy: null, reference: null };
  const calls = { create: 0, status: 0, pubkey: 0 };
  const deliveries: FakeMonobank["deliveries"] = [];

  const find = (invoiceId: string) => {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`The monobank stand-in has no invoice ${invoiceId}.`);
    return invoice;
  };

  /** An open invoice read after its validity has run out is expired, as monobank reports it. */
  const current = (invoice: FakeInvoice) => {
    const end = Date.parse(invoice.createdDate) + invoice.validity * 1000;
    if (OPEN.has(invoice.status) && invoice.status !== "hold" && Date.now() > end) {
      invoice.status = "expired";
      invoice.modifiedDate = new Date(end).toISOString();
    }
    return invoice;
  };

  const statusObject = (invoice: FakeInvoice) => {
    current(invoice);
    const amount = mode.amount ?? invoice.amount;
    const ccy = mode.ccy ?? invoice.ccy;
    const paid = invoice.status === "success" || invoice.status === "reversed";
    return {
      invoiceId: invoice.invoiceId,
      status: invoice.status,
      ...(invoice.failureReason ? { failureReason: invoice.failureReason, errCode: "59" } : {}),
      amount,
      ccy,
      ...(paid ? { finalAmount: invoice.status === "success" ? amount : 0 } : {}),
      createdDate: invoice.createdDate,
      modifiedDate: invoice.modifiedDate,
      reference: mode.reference ?? invoice.reference,
      destination: invoice.destination,
      ...(invoice.cancelList ? { cancelList: invoice.cancelList } : {}),
      ...(paid || invoice.status === "failure"
        ? {
            paymentInfo: {
              maskedPan: "444403******1902",
              approvalCode: paid ? "662476" : "",
              rrn: "060189181768",
              tranId: `13194036${invoice.invoiceId.slice(-4)}`,
              terminal: "MI001088",
              bank: "Test bank",
              paymentSystem: "visa",
              paymentMethod: "pan",
              fee: paid ? Math.round(amount * 0.013) : 0,
              country: "804",
            },
          }
        : {}),
    };
  };

  const statusBody = (invoiceId: string) => JSON.stringify(statusObject(find(invoiceId)));

  const httpDelivery: WebhookDelivery = async (url, body, headers) => {
    try {
      // A dev server compiles the route on its first call: that can take a while.
      const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(60_000) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };

  const sendWebhook: FakeMonobank["sendWebhook"] = async (invoiceId, opts = {}) => {
    const invoice = find(invoiceId);
    const body = opts.body ?? statusBody(invoiceId);
    const headers: Record<string, string> = { "content-type": "application/json" };
    const signature = opts.signature ?? "valid";
    if (signature === "old-key") {
      if (!oldKey) throw new Error("old-key needs rotateKey() first: there is no old key yet.");
      headers["x-sign"] = signWith(oldKey.privateKey, body);
    } else if (signature === "forged") headers["x-sign"] = signWith(stranger.privateKey, body);
    else if (signature === "valid") headers["x-sign"] = signWith(key.privateKey, body);
    let answer: number;
    try {
      answer = await fake.deliver(invoice.webHookUrl, body, headers);
    } catch {
      answer = 0;
    }
    deliveries.push({ invoiceId, status: (JSON.parse(body) as { status?: string }).status ?? "", answer });
    return answer;
  };

  /** Moves the invoice to `status` and sends its webhook (unless webhooks are being lost). */
  const change = async (invoice: FakeInvoice, status: string, extra: Partial<FakeInvoice> = {}) => {
    Object.assign(invoice, extra, { status, modifiedDate: changeDate() });
    if (!mode.loseWebhooks) await sendWebhook(invoice.invoiceId);
  };

  const pay: FakeMonobank["pay"] = async (invoiceId, outcome = "success") => {
    const invoice = current(find(invoiceId));
    if (invoice.status !== "created") throw new Error(`Invoice ${invoiceId} is ${invoice.status}, not payable.`);
    await change(invoice, "processing");
    if (outcome === "success") await change(invoice, "success");
    else await change(invoice, "failure", { failureReason: "Test card declined" });
  };

  const expire: FakeMonobank["expire"] = async (invoiceId) => {
    const invoice = find(invoiceId);
    if (!OPEN.has(invoice.status)) throw new Error(`Invoice ${invoiceId} is ${invoice.status}, cannot expire.`);
    await change(invoice, "expired");
  };

  const reverse: FakeMonobank["reverse"] = async (invoiceId) => {
    const invoice = find(invoiceId);
    if (invoice.status !== "success") throw new Error(`Invoice ${invoiceId} is ${invoice.status}, not paid.`);
    const date = new Date(Math.max(Date.now(), lastChange + 1)).toISOString();
    await change(invoice, "reversed", {
      cancelList: [
        { status: "success", amount: invoice.amount, ccy: invoice.ccy, createdDate: date, modifiedDate: date },
      ],
    });
  };

  const createInvoice = (body: Record<string, unknown>): FakeInvoice | string => {
    const info = (body.merchantPaymInfo ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return "amount must be a positive integer";
    if (body.ccy !== undefined && body.ccy !== 980) return "only ccy 980 is supported";
    if (body.validity !== undefined && (!Number.isInteger(body.validity) || (body.validity as number) <= 0))
      return "validity must be a positive integer";
    for (const field of ["redirectUrl", "webHookUrl"])
      if (body[field] !== undefined && typeof body[field] !== "string") return `${field} must be a string`;
    let invoiceId = "2611";
    for (let i = 0; i < 16; i++) invoiceId += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
    const now = changeDate();
    return {
      invoiceId,
      status: "created",
      amount: body.amount as number,
      ccy: 980,
      reference: typeof info.reference === "string" ? info.reference : "",
      destination: typeof info.destination === "string" ? info.destination : "",
      redirectUrl: (body.redirectUrl as string | undefined) ?? "",
      webHookUrl: (body.webHookUrl as string | undefined) ?? "",
      validity: (body.validity as number | undefined) ?? DEFAULT_VALIDITY,
      createdDate: now,
      modifiedDate: now,
      request: body,
    };
  };

  const api = async (request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) => {
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (mode.down) return send(503, { errCode: "SERVICE_UNAVAILABLE", errText: "service unavailable (stand-in down)" });
    if (request.headers["x-token"] !== MONO_TEST_TOKEN)
      return send(403, { errCode: "FORBIDDEN", errText: "forbidden: invalid X-Token" });
    if (request.method === "GET" && path === "/api/merchant/pubkey") {
      calls.pubkey++;
      const pem = key.publicKey.export({ type: "spki", format: "pem" }) as string;
      return send(200, { key: Buffer.from(pem).toString("base64") });
    }
    if (request.method === "GET" && path === "/api/merchant/invoice/status") {
      const invoiceId = query.get("invoiceId");
      if (!invoiceId) return send(400, { errCode: "BAD_REQUEST", errText: "invoiceId is required" });
      const invoice = invoices.get(invoiceId);
      if (!invoice) return send(404, { errCode: "INVOICE_NOT_FOUND", errText: "invoice not found" });
      calls.status++;
      return send(200, statusObject(invoice));
    }
    if (
      request.method === "POST" &&
      (path === "/api/merchant/invoice/create" || path === "/api/merchant/invoice/remove")
    ) {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await read(request)) as Record<string, unknown>;
        if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
      } catch {
        return send(400, { errCode: "BAD_REQUEST", errText: "body must be a JSON object" });
      }
      if (path === "/api/merchant/invoice/remove") {
        const invoice = invoices.get(String(body.invoiceId));
        if (!invoice) return send(404, { errCode: "INVOICE_NOT_FOUND", errText: "invoice not found" });
        if (current(invoice).status !== "created")
          return send(400, { errCode: "BAD_REQUEST", errText: `invoice is ${invoice.status}` });
        await change(invoice, "expired");
        return send(200, {});
      }
      const invoice = createInvoice(body);
      if (typeof invoice === "string") return send(400, { errCode: "BAD_REQUEST", errText: invoice });
      calls.create++;
      invoices.set(invoice.invoiceId, invoice);
      return send(200, {
        invoiceId: invoice.invoiceId,
        pageUrl: mode.pageUrl ?? `${fake.url}/pay/${invoice.invoiceId}`,
      });
    }
    send(404, { errCode: "NOT_FOUND", errText: "no such API call" });
  };

  const hosted = async (request: IncomingMessage, response: ServerResponse, invoiceId: string) => {
    const html = (status: number, title: string, body: string) =>
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(page(title, body));
    const invoice = invoices.get(invoiceId);
    if (!invoice) return html(404, "Unknown invoice", "<h1>Unknown invoice</h1><p>There is no such invoice.</p>");
    current(invoice);
    if (invoice.status === "expired")
      return html(410, "Invoice expired", "<h1>Invoice expired</h1><p>This invoice has expired.</p>");
    if (invoice.status !== "created")
      return html(
        409,
        "Invoice closed",
        `<h1>Invoice closed</h1><p>${invoice.status === "failure" ? "This invoice was declined." : "This invoice has already been paid."}</p>` +
          (invoice.redirectUrl ? `<p><a href="${escapeHtml(invoice.redirectUrl)}">Back to the shop</a></p>` : ""),
      );
    if (request.method === "POST") {
      const outcome = new URLSearchParams(await read(request)).get("outcome");
      if (outcome !== "success" && outcome !== "failure")
        return html(400, "Bad request", "<h1>Bad request</h1><p>Choose pay or decline.</p>");
      await pay(invoiceId, outcome);
      return response.writeHead(303, { location: invoice.redirectUrl || "/" }).end();
    }
    const amount = uah(invoice.amount);
    return html(
      200,
      `Pay ${amount}`,
      `<h1>Payment</h1>
<p class="amount">${amount}</p>
<p>${escapeHtml(invoice.destination)}</p>
<form method="post" action="/pay/${escapeHtml(invoiceId)}">
<button type="submit" name="outcome" value="success">Pay ${amount}</button>
<button type="submit" name="outcome" value="failure">Decline</button>
</form>`,
    );
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const payPage = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const handled =
      payPage && (request.method === "GET" || request.method === "POST")
        ? hosted(request, response, decodeURIComponent(payPage[1]!))
        : api(request, response, url.pathname, url.searchParams);
    handled.catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.end();
    });
  });

  const fake: FakeMonobank = {
    url: "",
    token: MONO_TEST_TOKEN,
    invoices,
    mode,
    calls,
    deliveries,
    deliver: httpDelivery,
    pay,
    expire,
    reverse,
    statusBody,
    sendWebhook,
    sign: (body) => signWith(key.privateKey, body),
    rotateKey: () => {
      oldKey = key;
      key = newKey();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
