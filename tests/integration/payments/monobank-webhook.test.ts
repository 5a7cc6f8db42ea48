import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { PUBKEY_REFETCH_MS } from "@/features/payments/server/monobank";
import { MONO_SWEEP_AFTER_MS, sweepMonoPayments } from "@/features/payments/server/monobank-sweep";
import { refund } from "@/features/payments/server/paypal-payments";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import {
  mailCount,
  openInvoice,
  outcome,
  paymentOf,
  securityEvents,
  stationOf,
  unpaidStation,
} from "../../helpers/mono-payments";
import { MONO_WEBHOOK_IP, withMonoStandIn } from "../../helpers/mono-stand-in";
import { apiRequest, call } from "../../helpers/request";
import { mailsTo } from "../../helpers/security";

/**
 * What monobank says reaches the site once and only when it is monobank's: forged, replayed, late
 * and mismatched notifications change nothing; a rotated key is fetched again; a lost webhook is
 * made up for by the result call or the sweep; a station paid twice is published once.
 */
let mono: FakeMonobank;
let admin: { email: string };

/** The body monobank would send for the invoice now, with some fields replaced. */
const bodyWith = (invoiceId: string, changes: Record<string, unknown>) =>
  JSON.stringify({ ...(JSON.parse(mono.statusBody(invoiceId)) as object), ...changes });

async function unchanged(invoiceId: string, stoId: string, email: string) {
  expect(await paymentOf(invoiceId)).toMatchObject({ status: "created", capturedAt: null });
  expect((await stationOf(stoId)).isPaid).toBe(false);
  expect(await mailCount(email)).toBe(0);
}

describe("monobank notifications", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    admin = await makeUser({ isAdmin: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a forged or unsigned success changes nothing: 401, the security log and nothing else", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    const forged = await securityEvents("webhook.forged");
    const success = bodyWith(invoiceId, { status: "success", modifiedDate: new Date().toISOString() });
    expect(await mono.sendWebhook(invoiceId, { body: success, signature: "forged" })).toBe(401);
    expect(await mono.sendWebhook(invoiceId, { body: success, signature: "none" })).toBe(401);
    // A genuine signature of another body does not carry over to this one.
    const signed = mono.sign(mono.statusBody(invoiceId));
    const tampered = await call(
      webhookRoute,
      apiRequest("POST", "/api/etc/mono/webhook", { body: success, headers: { "x-sign": signed } }),
    );
    expect(tampered.status).toBe(401);
    expect((await tampered.json()).key).toBe("Payment.webhookRefused");
    await unchanged(invoiceId, stoId, user.email);
    expect(await securityEvents("webhook.forged")).toBe(forged + 3);
    expect(await (await getPrisma()).monoEvent.count({ where: { invoiceId } })).toBe(0);
  });

  it("a replayed notification is applied once: 200 { handled: false }, one receipt, webhook.replayed", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    await mono.pay(invoiceId);
    const paidAt = (await stationOf(stoId)).paidAt;
    const replayed = await securityEvents("webhook.replayed");
    const body = mono.statusBody(invoiceId);
    const answer = await call(
      webhookRoute,
      apiRequest("POST", "/api/etc/mono/webhook", { body, headers: { "x-sign": mono.sign(body) } }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ handled: false });
    expect(await mono.sendWebhook(invoiceId)).toBe(200);
    expect(await securityEvents("webhook.replayed")).toBe(replayed + 2);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
    expect((await stationOf(stoId)).paidAt).toEqual(paidAt);
  });

  it("an older state arriving after a newer one is ignored", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    const early = new Date(Date.now() - 60_000).toISOString();
    // Still processing at monobank: an "expired" dated before that is old news and changes nothing.
    const processing = bodyWith(invoiceId, { status: "processing", modifiedDate: new Date().toISOString() });
    expect(await mono.sendWebhook(invoiceId, { body: processing })).toBe(200);
    expect(
      await mono.sendWebhook(invoiceId, { body: bodyWith(invoiceId, { status: "expired", modifiedDate: early }) }),
    ).toBe(200);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "created" });
    await mono.pay(invoiceId);
    // A failure dated before the success (a late, out-of-order delivery) must not fail the payment.
    expect(
      await mono.sendWebhook(invoiceId, { body: bodyWith(invoiceId, { status: "failure", modifiedDate: early }) }),
    ).toBe(200);
    expect(
      await mono.sendWebhook(invoiceId, { body: bodyWith(invoiceId, { status: "hold", modifiedDate: early }) }),
    ).toBe(200);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
  });

  it("a rotated key is fetched again (at most once a minute) and the new signatures pass; the old key's no longer do", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    mono.rotateKey();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + PUBKEY_REFETCH_MS + 1000);
    const fetched = mono.calls.pubkey;
    await mono.pay(invoiceId);
    expect(mono.deliveries.filter((d) => d.invoiceId === invoiceId).map((d) => d.answer)).toEqual([200, 200]);
    expect(mono.calls.pubkey).toBe(fetched + 1);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);

    const other = await unpaidStation();
    const second = await openInvoice(other.stoId, other.cookie);
    const forged = await securityEvents("webhook.forged");
    const success = bodyWith(second.invoiceId, { status: "success", modifiedDate: new Date().toISOString() });
    expect(await mono.sendWebhook(second.invoiceId, { body: success, signature: "old-key" })).toBe(401);
    expect(await securityEvents("webhook.forged")).toBe(forged + 1);
    // Refused within the minute without asking monobank again.
    expect(mono.calls.pubkey).toBe(fetched + 1);
    await unchanged(second.invoiceId, other.stoId, other.user.email);
  });

  it.each([
    ["amount", { amount: 100 }],
    ["currency", { ccy: 840 }],
    ["station", { reference: "0193f1a2-0000-7000-8000-00000000dead" }],
  ] as const)("a success that does not match the invoice (%s) publishes nothing and is logged", async (_, override) => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    const forged = await securityEvents("webhook.forged");
    Object.assign(mono.mode, override);
    await mono.pay(invoiceId);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "failed", capturedAt: null });
    expect((await stationOf(stoId)).isPaid).toBe(false);
    expect(await mailCount(user.email)).toBe(0);
    const events = await (await getPrisma()).securityEvent.findMany({ where: { kind: "webhook.forged" } });
    expect(await securityEvents("webhook.forged")).toBe(forged + 1);
    const event = events.find((row) => (row.details as { invoiceId?: string }).invoiceId === invoiceId);
    expect(event?.details).toMatchObject({ provider: "monobank", reason: "mismatch", invoiceId });
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "review" });
  });

  it("a webhook for an invoice this site did not make is answered 200 { handled: false }", async () => {
    const body = JSON.stringify({
      invoiceId: "2611NotOursNotOurs00",
      status: "success",
      amount: 12500,
      ccy: 980,
      modifiedDate: new Date().toISOString(),
    });
    const answer = await call(
      webhookRoute,
      apiRequest("POST", "/api/etc/mono/webhook", { body, headers: { "x-sign": mono.sign(body) } }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ handled: false });
  });

  it("a body too large is refused before it is verified; a signed body that is no invoice is a 400", async () => {
    const forged = await securityEvents("webhook.forged");
    const big = JSON.stringify({ invoiceId: "x", status: "success", padding: "x".repeat(20_000) });
    const tooLarge = await call(
      webhookRoute,
      apiRequest("POST", "/api/etc/mono/webhook", { body: big, headers: { "x-sign": mono.sign(big) } }),
    );
    expect(tooLarge.status).toBe(413);
    const notInvoice = JSON.stringify({ hello: "world" });
    const bad = await call(
      webhookRoute,
      apiRequest("POST", "/api/etc/mono/webhook", { body: notInvoice, headers: { "x-sign": mono.sign(notInvoice) } }),
    );
    expect(bad.status).toBe(400);
    expect(await securityEvents("webhook.forged")).toBe(forged);
  });

  it("the result call settles a paid invoice before its webhook arrives; the late webhook changes nothing", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "created" });
    const answer = await outcome(paymentId, cookie);
    expect(await answer.json()).toEqual({
      status: "captured",
      stoId,
      amount: "125.00",
      currency: "UAH",
      listed: true,
      unclaimed: false,
    });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
    const replayed = await securityEvents("webhook.replayed");
    mono.mode.loseWebhooks = false;
    expect(await mono.sendWebhook(invoiceId)).toBe(200);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
    // monobank's first delivery of the state is not mistaken for a replay.
    expect(await securityEvents("webhook.replayed")).toBe(replayed);
  });

  it("the sweep settles an invoice whose webhook was lost, once it is 15 minutes old; monobank down is retried", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    const failing = await unpaidStation();
    const declined = await openInvoice(failing.stoId, failing.cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId);
    await mono.pay(declined.invoiceId, "failure");
    // Too young: not read yet.
    expect((await sweepMonoPayments()).captured).toBe(0);
    const later = new Date(Date.now() + MONO_SWEEP_AFTER_MS + 60_000);
    mono.mode.down = true;
    const down = await sweepMonoPayments(later);
    expect(down.unreachable).toBeGreaterThanOrEqual(2);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "created" });
    mono.mode.down = false;
    const counts = await sweepMonoPayments(later);
    expect(counts.captured).toBeGreaterThanOrEqual(1);
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
    expect(await paymentOf(declined.invoiceId)).toMatchObject({ status: "failed" });
    expect((await stationOf(failing.stoId)).isPaid).toBe(false);
    // Nothing left open for the next run.
    expect((await sweepMonoPayments(later)).captured).toBe(0);
  });

  it("the sweep expires an invoice nobody paid", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.expire(invoiceId);
    await sweepMonoPayments(new Date(Date.now() + MONO_SWEEP_AFTER_MS + 60_000));
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "expired" });
    expect((await stationOf(stoId)).isPaid).toBe(false);
    expect(await mailCount(user.email)).toBe(0);
  });

  it("checks the signature over the bytes received: invalid UTF-8 is not read as the character that was signed", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    const signed = bodyWith(invoiceId, {
      status: "success",
      destination: "\uFFFD",
      modifiedDate: new Date().toISOString(),
    });
    const replacement = Buffer.from("\uFFFD", "utf8");
    const bytes = Buffer.from(signed, "utf8");
    const at = bytes.indexOf(replacement);
    // The same body with a lone 0xFF where the signed text has U+FFFD: decoding it gives the signed text.
    const received = Buffer.concat([
      bytes.subarray(0, at),
      Buffer.from([0xff]),
      bytes.subarray(at + replacement.length),
    ]);
    expect(received.toString("utf8")).toBe(signed);
    const request = new NextRequest("http://localhost/api/etc/mono/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": String(received.length),
        "x-sign": mono.sign(signed),
        "x-forwarded-for": MONO_WEBHOOK_IP,
      },
      body: new Uint8Array(received),
    });
    expect((await call(webhookRoute, request)).status).toBe(401);
    await unchanged(invoiceId, stoId, user.email);
  });

  it("a station paid twice is published once, the admins are asked to refund; reversing one keeps it listed", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const first = await openInvoice(stoId, cookie);
    // The first invoice's page left open in another tab past the time a click reuses it.
    await (
      await getPrisma()
    ).payment.update({
      where: { id: first.paymentId },
      data: { createdAt: new Date(Date.now() - 14.5 * 60_000) },
    });
    const second = await openInvoice(stoId, cookie);
    expect(second.invoiceId).not.toBe(first.invoiceId);
    await mono.pay(first.invoiceId);
    const paidAt = (await stationOf(stoId)).paidAt;
    await mono.pay(second.invoiceId);
    expect(await paymentOf(second.invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).paidAt).toEqual(paidAt);
    const [duplicate] = await mailsTo(admin.email, "paymentDuplicateAdmin");
    expect(duplicate!.text).toContain(second.invoiceId);
    expect(duplicate!.text).toContain("refund");

    // The admin refunds the second one at monobank: the station stays listed, the owner is told so.
    await mono.reverse(second.invoiceId);
    expect(await paymentOf(second.invoiceId)).toMatchObject({ status: "refunded" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    const [refunded] = await mailsTo(user.email, "refunded");
    expect(refunded!.text).toContain("stays listed");
    // Reversing the other one too takes the listing back.
    await mono.reverse(first.invoiceId);
    expect((await stationOf(stoId)).isPaid).toBe(false);
    expect(await mailsTo(admin.email, "paymentReversedAdmin")).toHaveLength(2);
  });

  it("a PayPal refund of a station a card payment also covers keeps it listed, whichever came first", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const prisma = await getPrisma();
    const captureId = `CAP-${Date.now()}`;
    // Paid through PayPal first (as its capture records it), then by card from another tab.
    await prisma.service.update({ where: { id: stoId }, data: { isPaid: true, paidAt: new Date() } });
    await prisma.payment.create({
      data: {
        serviceId: stoId,
        userId: user.id,
        serviceName: "Paid twice",
        payerEmail: user.email,
        amount: "3.00",
        currency: "USD",
        provider: "paypal",
        providerOrderId: `ORDER-${captureId}`,
        providerCaptureId: captureId,
        requestId: randomUUID(),
        status: "captured",
        capturedAt: new Date(),
      },
    });
    await prisma.service.update({ where: { id: stoId }, data: { isPaid: false } });
    const card = await openInvoice(stoId, cookie);
    await prisma.service.update({ where: { id: stoId }, data: { isPaid: true } });
    await mono.pay(card.invoiceId);
    expect(await paymentOf(card.invoiceId)).toMatchObject({ status: "captured" });

    expect(await refund(captureId)).toBe(true);
    expect((await stationOf(stoId)).isPaid).toBe(true);
    const [refunded] = await mailsTo(user.email, "refunded");
    expect(refunded!.text).toContain("stays listed");
    await mono.reverse(card.invoiceId);
    expect((await stationOf(stoId)).isPaid).toBe(false);
  });
});
