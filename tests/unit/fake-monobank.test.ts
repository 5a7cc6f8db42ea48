import { createPublicKey, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { MONO_TEST_TOKEN, startFakeMonobank, type FakeMonobank } from "@/tests/helpers/fake-monobank";
import { MONO_WEBHOOK_IP, withMonoStandIn } from "@/tests/helpers/mono-stand-in";

// The monobank stand-in is what the payment tests, the e2e server and `npm run dev` trust to act
// like monobank: its signatures must verify the way the app verifies them, and its states must
// come in the order monobank sends them.

type Received = { body: string; sign: string | undefined; contentType: string | undefined };
let app: Server;
let appUrl: string;
let answer = 200;
const received: Received[] = [];
let mono: FakeMonobank;

beforeAll(async () => {
  app = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      received.push({
        body: raw,
        sign: request.headers["x-sign"] as string | undefined,
        contentType: request.headers["content-type"],
      });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  mono = await startFakeMonobank();
});

afterAll(async () => {
  await mono.close();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
  answer = 200;
  Object.assign(mono.mode, { down: false, loseWebhooks: false, amount: null, ccy: null, reference: null });
});

const api = (path: string, init: RequestInit & { token?: string | null } = {}) => {
  const headers = new Headers(init.headers);
  if (init.token !== null) headers.set("x-token", init.token ?? MONO_TEST_TOKEN);
  return fetch(`${mono.url}${path}`, { ...init, headers });
};

async function createInvoice(extra: Record<string, unknown> = {}): Promise<{ invoiceId: string; pageUrl: string }> {
  const response = await api("/api/merchant/invoice/create", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      amount: 12500,
      ccy: 980,
      merchantPaymInfo: { reference: "sto-1", destination: "Listing fee", basketOrder: [] },
      redirectUrl: "http://localhost:3000/placeorder/result?payment=p1",
      webHookUrl: `${appUrl}/api/etc/mono/webhook`,
      validity: 900,
      paymentType: "debit",
      ...extra,
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { invoiceId: string; pageUrl: string };
}

async function pubkeyPem(): Promise<string> {
  const response = await api("/api/merchant/pubkey");
  expect(response.status).toBe(200);
  const { key } = (await response.json()) as { key: string };
  return Buffer.from(key, "base64").toString("utf8");
}

const verifies = (body: string, sign: string | undefined, pem: string) =>
  sign !== undefined && verify("sha256", Buffer.from(body), createPublicKey(pem), Buffer.from(sign, "base64"));

describe("the monobank stand-in", () => {
  it("creates invoices with monobank's id and page shapes and reads their status", async () => {
    const { invoiceId, pageUrl } = await createInvoice();
    expect(invoiceId).toMatch(/^2611[A-Za-z0-9]{16}$/);
    expect(pageUrl).toBe(`${mono.url}/pay/${invoiceId}`);
    const status = await api(`/api/merchant/invoice/status?invoiceId=${invoiceId}`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      invoiceId,
      status: "created",
      amount: 12500,
      ccy: 980,
      reference: "sto-1",
    });
    expect(mono.invoices.get(invoiceId)?.request).toMatchObject({ paymentType: "debit" });
  });

  it("refuses a missing or wrong X-Token with 403", async () => {
    for (const token of [null, "wrong"]) {
      const response = await api("/api/merchant/pubkey", { token });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ errCode: "FORBIDDEN" });
    }
  });

  it("answers 404 for an unknown invoice and 400 without an id", async () => {
    expect((await api("/api/merchant/invoice/status?invoiceId=2611nonexistent00000")).status).toBe(404);
    expect((await api("/api/merchant/invoice/status")).status).toBe(400);
  });

  it("reports an invoice past its validity as expired", async () => {
    const { invoiceId } = await createInvoice({ validity: 60 });
    mono.invoices.get(invoiceId)!.createdDate = new Date(Date.now() - 61_000).toISOString();
    const body = (await (await api(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json()) as {
      status: string;
    };
    expect(body.status).toBe("expired");
    const page = await fetch(`${mono.url}/pay/${invoiceId}`);
    expect(await page.text()).toContain("expired");
  });

  it("pays through the hosted page: processing then success, signed, then back to redirectUrl", async () => {
    const { invoiceId, pageUrl } = await createInvoice();
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="viewport"');
    expect(html).toContain("monobank stand-in — test card");
    expect(html).toContain("Pay 125.00 UAH");
    expect(html).toContain('value="failure"');

    const paid = await fetch(pageUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "outcome=success",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("http://localhost:3000/placeorder/result?payment=p1");

    const pem = await pubkeyPem();
    const states = received.map((r) => JSON.parse(r.body) as { status: string; modifiedDate: string });
    expect(states.map((s) => s.status)).toEqual(["processing", "success"]);
    expect(Date.parse(states[1]!.modifiedDate)).toBeGreaterThan(Date.parse(states[0]!.modifiedDate));
    for (const r of received) {
      expect(r.contentType).toBe("application/json");
      expect(verifies(r.body, r.sign, pem)).toBe(true);
    }
    expect(received[1]!.body).toBe(mono.statusBody(invoiceId));
    expect(JSON.parse(received[1]!.body)).toMatchObject({
      finalAmount: 12500,
      paymentInfo: { maskedPan: expect.any(String) },
    });
    expect(await (await fetch(pageUrl)).text()).toContain("already been paid");
  });

  it("declines through the hosted page", async () => {
    const { pageUrl } = await createInvoice();
    const declined = await fetch(pageUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "outcome=failure",
      redirect: "manual",
    });
    expect(declined.status).toBe(303);
    expect(received.map((r) => (JSON.parse(r.body) as { status: string }).status)).toEqual(["processing", "failure"]);
    expect(JSON.parse(received[1]!.body)).toHaveProperty("failureReason");
  });

  it("changes state without a webhook when webhooks are lost, and resends on request", async () => {
    mono.mode.loseWebhooks = true;
    const { invoiceId } = await createInvoice();
    await mono.pay(invoiceId);
    expect(received).toEqual([]);
    expect(mono.invoices.get(invoiceId)!.status).toBe("success");
    answer = 500;
    expect(await mono.sendWebhook(invoiceId)).toBe(500);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ status: "success" });
  });

  it("reports the overridden amount, currency and reference in status reads and webhooks", async () => {
    const { invoiceId } = await createInvoice();
    Object.assign(mono.mode, { amount: 100, ccy: 840, reference: "another-station" });
    await mono.pay(invoiceId);
    const expected = { amount: 100, ccy: 840, reference: "another-station" };
    expect(JSON.parse(received[1]!.body)).toMatchObject(expected);
    expect(await (await api(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).json()).toMatchObject(expected);
  });

  it("expires and reverses with a webhook each, the reversal listing the cancellation", async () => {
    const open = await createInvoice();
    await mono.expire(open.invoiceId);
    const { invoiceId } = await createInvoice();
    await mono.pay(invoiceId);
    await mono.reverse(invoiceId);
    const states = received.map((r) => JSON.parse(r.body) as { status: string; cancelList?: unknown[] });
    expect(states.map((s) => s.status)).toEqual(["expired", "processing", "success", "reversed"]);
    expect(states[3]!.cancelList).toHaveLength(1);
  });

  it("signs with a new key after rotation and keeps the old one for old-key and forged deliveries", async () => {
    const { invoiceId } = await createInvoice();
    const before = await pubkeyPem();
    mono.rotateKey();
    const after = await pubkeyPem();
    expect(after).not.toBe(before);
    const body = mono.statusBody(invoiceId);
    expect(verifies(body, mono.sign(body), after)).toBe(true);
    expect(verifies(body, mono.sign(body), before)).toBe(false);

    for (const signature of ["valid", "old-key", "forged", "none"] as const)
      expect(await mono.sendWebhook(invoiceId, { signature })).toBe(200);
    const [valid, old, forged, none] = received;
    expect(verifies(valid!.body, valid!.sign, after)).toBe(true);
    expect(verifies(old!.body, old!.sign, before)).toBe(true);
    expect(verifies(old!.body, old!.sign, after)).toBe(false);
    expect(verifies(forged!.body, forged!.sign, after) || verifies(forged!.body, forged!.sign, before)).toBe(false);
    expect(none!.sign).toBeUndefined();

    await mono.sendWebhook(invoiceId, { body: '{"invoiceId":"x"}' });
    expect(received[4]!.body).toBe('{"invoiceId":"x"}');
    expect(verifies(received[4]!.body, received[4]!.sign, after)).toBe(true);
  });

  it("answers every API call with 503 when down, and counts the calls", async () => {
    const { invoiceId } = await createInvoice();
    const counted = { ...mono.calls };
    mono.mode.down = true;
    expect((await api(`/api/merchant/invoice/status?invoiceId=${invoiceId}`)).status).toBe(503);
    expect((await api("/api/merchant/pubkey")).status).toBe(503);
    expect((await api("/api/merchant/invoice/create", { method: "POST", body: "{}" })).status).toBe(503);
    mono.mode.down = false;
    await api(`/api/merchant/invoice/status?invoiceId=${invoiceId}`);
    expect(mono.calls).toEqual({ ...counted, status: counted.status + 1 });
  });

  it("returns 0 instead of failing when the app cannot be reached", async () => {
    const { invoiceId } = await createInvoice({ webHookUrl: "http://127.0.0.1:9/api/etc/mono/webhook" });
    expect(await mono.sendWebhook(invoiceId)).toBe(0);
    await expect(mono.pay(invoiceId)).resolves.toBeUndefined();
  });
});

describe("the stand-in for a block of tests, with the webhook route called in-process", () => {
  const seen: { url: string; body: string; sign: string | null; ip: string | null }[] = [];
  const mono = withMonoStandIn({
    webhook: async (request: NextRequest) => {
      seen.push({
        url: request.url,
        body: await request.text(),
        sign: request.headers.get("x-sign"),
        ip: request.headers.get("x-forwarded-for"),
      });
      return new Response(null, { status: 202 });
    },
  });

  it("points the app at the stand-in and hands webhooks to the route handler", async () => {
    expect(process.env.MONO_TOKEN).toBe(MONO_TEST_TOKEN);
    expect(process.env.MONO_API_BASE).toBe(mono().url);
    const created = await fetch(`${mono().url}/api/merchant/invoice/create`, {
      method: "POST",
      headers: { "x-token": MONO_TEST_TOKEN },
      body: JSON.stringify({ amount: 100, webHookUrl: "http://localhost:3000/api/etc/mono/webhook" }),
    });
    const { invoiceId } = (await created.json()) as { invoiceId: string };
    expect(await mono().sendWebhook(invoiceId)).toBe(202);
    expect(seen[0]).toMatchObject({
      url: "http://localhost:3000/api/etc/mono/webhook",
      body: mono().statusBody(invoiceId),
      ip: MONO_WEBHOOK_IP,
    });
    const { key } = (await (
      await fetch(`${mono().url}/api/merchant/pubkey`, { headers: { "x-token": MONO_TEST_TOKEN } })
    ).json()) as { key: string };
    expect(verifies(seen[0]!.body, seen[0]!.sign ?? undefined, Buffer.from(key, "base64").toString())).toBe(true);
  });
});
