import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { MONO_SWEEP_AFTER_MS, sweepMonoPayments } from "@/features/payments/server/monobank-sweep";

import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, outcome, paymentOf, stationOf, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";
import { mailsTo } from "../../helpers/security";

/**
 * monobank's modifiedDate has whole seconds: a card without 3-D Secure goes processing → success
 * (or failure) within one second, so both states carry the same date. The closing state must still
 * be applied, whoever reports it: the webhook, the result call or the sweep.
 */
let mono: FakeMonobank;

/** Waits for the first half of a second, so that the two changes of one payment share a second. */
async function earlyInASecond() {
  while (Date.now() % 1000 > 400) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The invoice's current status body with another status (same modifiedDate). */
const asStatus = (invoiceId: string, status: string) =>
  JSON.stringify({ ...(JSON.parse(mono.statusBody(invoiceId)) as object), status });

describe("monobank states reported in the same second", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    await makeUser({ isAdmin: true });
  });
  // After the stand-in's own reset of its switches (registered first, so it runs first).
  beforeEach(() => {
    mono.mode.secondPrecision = true;
  });

  it("webhooks: processing then success in one second captures and publishes", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    await earlyInASecond();
    await mono.pay(invoiceId);
    const invoice = mono.invoices.get(invoiceId)!;
    expect(invoice.modifiedDate).toMatch(/:\d\dZ$/);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "captured" });
  });

  it("webhooks: processing then a decline in one second fails the payment", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    await earlyInASecond();
    await mono.pay(invoiceId, "failure");
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "failed" });
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "failed" });
  });

  it("the result call applies a success of the same second as the processing already applied", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId);
    mono.mode.loseWebhooks = false;
    expect(await mono.sendWebhook(invoiceId, { body: asStatus(invoiceId, "processing") })).toBe(200);
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
  });

  it("the sweep applies a success or a decline of the same second as the processing already applied", async () => {
    const { cookie, stoId } = await unpaidStation();
    const paid = await openInvoice(stoId, cookie);
    const other = await unpaidStation();
    const declined = await openInvoice(other.stoId, other.cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(paid.invoiceId);
    await mono.pay(declined.invoiceId, "failure");
    mono.mode.loseWebhooks = false;
    for (const { invoiceId } of [paid, declined])
      expect(await mono.sendWebhook(invoiceId, { body: asStatus(invoiceId, "processing") })).toBe(200);
    await sweepMonoPayments(new Date(Date.now() + MONO_SWEEP_AFTER_MS + 60_000));
    expect(await paymentOf(paid.invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(await paymentOf(declined.invoiceId)).toMatchObject({ status: "failed" });
  });

  it("an open state of the same second as the one applied changes nothing", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId);
    mono.mode.loseWebhooks = false;
    expect(await mono.sendWebhook(invoiceId)).toBe(200);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect(await mono.sendWebhook(invoiceId, { body: asStatus(invoiceId, "processing") })).toBe(200);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
  });
});
