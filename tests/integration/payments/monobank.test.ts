import { beforeAll, describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { monoOffer } from "@/features/payments/server/monobank-invoice";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import {
  mailCount,
  openInvoice,
  outcome,
  paymentOf,
  securityEvents,
  startInvoice,
  stationOf,
  unpaidStation,
} from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";
import { mailsTo } from "../../helpers/security";
import { signIn } from "../../helpers/sign-in";

/**
 * Paying for a station by card through monobank, against the stand-in: the invoice, the payment
 * page's outcomes as monobank's webhooks report them, the result call, who may do what, and
 * monobank down or not configured.
 */
let mono: FakeMonobank;
let admin: { email: string };

describe("monobank card payments", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    admin = await makeUser({ isAdmin: true });
  });

  it("offers the card option with the fee in hryvnias", () => {
    expect(monoOffer()).toEqual({ feeUah: "125.00" });
  });

  it("an owner pays by card: invoice of 125.00 UAH for the station, webhooks applied, station published once, receipt", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { pageUrl, invoiceId, paymentId } = await openInvoice(stoId, cookie);
    expect(pageUrl).toBe(`${mono.url}/pay/${invoiceId}`);
    expect(mono.invoices.get(invoiceId)!.request).toMatchObject({
      amount: 12500,
      ccy: 980,
      validity: 900,
      paymentType: "debit",
      redirectUrl: `http://localhost:3000/placeorder/result?payment=${paymentId}`,
      webHookUrl: "http://localhost:3000/api/etc/mono/webhook",
      merchantPaymInfo: { reference: stoId },
    });
    expect(await paymentOf(invoiceId)).toMatchObject({
      provider: "monobank",
      status: "created",
      currency: "UAH",
      userId: user.id,
      serviceId: stoId,
      pageUrl,
    });
    expect((await paymentOf(invoiceId)).amount.toFixed(2)).toBe("125.00");
    const pending = await outcome(paymentId, cookie);
    expect(await pending.json()).toEqual({
      status: "pending",
      stoId,
      amount: "125.00",
      currency: "UAH",
      listed: false,
      unclaimed: false,
    });

    await mono.pay(invoiceId);
    expect(mono.deliveries.filter((d) => d.invoiceId === invoiceId)).toEqual([
      { invoiceId, status: "processing", answer: 200 },
      { invoiceId, status: "success", answer: 200 },
    ]);
    const row = await paymentOf(invoiceId);
    expect(row).toMatchObject({ status: "captured", capturedAt: expect.any(Date) });
    expect(row.providerUpdatedAt?.toISOString()).toBe(mono.invoices.get(invoiceId)!.modifiedDate);
    expect(await stationOf(stoId)).toMatchObject({ isPaid: true, paidAt: expect.any(Date) });
    const receipts = await mailsTo(user.email, "receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("125.00 UAH");
    expect(receipts[0]!.text).toContain("monobank");
    expect(receipts[0]!.text).toContain(invoiceId);
    expect(receipts[0]!.text).not.toContain("PayPal");

    const done = await outcome(paymentId, cookie);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      status: "captured",
      stoId,
      amount: "125.00",
      currency: "UAH",
      listed: true,
      unclaimed: false,
    });
    // Paid: no second invoice.
    const again = await startInvoice(stoId, cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).key).toBe("Payment.alreadyPaid");
  });

  it("a second click while the invoice is open hands back the same payment page, no second invoice", async () => {
    const { cookie, stoId } = await unpaidStation();
    const first = await openInvoice(stoId, cookie);
    const created = mono.calls.create;
    const second = await openInvoice(stoId, cookie);
    expect(second).toEqual(first);
    expect(mono.calls.create).toBe(created);
    expect(await (await getPrisma()).payment.count({ where: { serviceId: stoId } })).toBe(1);
  });

  it("a second click after paying, before monobank's webhook, settles the payment instead of handing back a paid page", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId);
    const again = await startInvoice(stoId, cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).key).toBe("Payment.alreadyPaid");
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(await mailsTo(user.email, "receipt")).toHaveLength(1);
  });

  it("monobank's payment page and the bank statement get Ukrainian texts, whatever the payer's language", async () => {
    const { cookie, stoId } = await unpaidStation("en");
    const { invoiceId } = await openInvoice(stoId, cookie);
    const { name } = await stationOf(stoId);
    const { merchantPaymInfo } = mono.invoices.get(invoiceId)!.request as {
      merchantPaymInfo: { destination: string; basketOrder: { name: string }[] };
    };
    expect(merchantPaymInfo.destination).toBe(`Розміщення на Майстрі: ${name}`);
    expect(merchantPaymInfo.basketOrder[0]!.name).toBe("Розміщення на Майстрі");
  });

  it("a second click after a declined card opens a new invoice", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId, "failure");
    const retry = await openInvoice(stoId, cookie);
    expect(retry.invoiceId).not.toBe(invoiceId);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "failed" });
  });

  it("returns a Ukrainian speaker to the Ukrainian result page, and the receipt is in Ukrainian", async () => {
    const { user, cookie, stoId } = await unpaidStation("uk");
    const response = await startInvoice(stoId, cookie, { "accept-language": "uk-UA,uk;q=0.9" });
    const invoiceId = ((await response.json()) as { pageUrl: string }).pageUrl.split("/pay/")[1]!;
    const { id } = await paymentOf(invoiceId);
    expect(mono.invoices.get(invoiceId)!.redirectUrl).toBe(`http://localhost:3000/ua/placeorder/result?payment=${id}`);
    await mono.pay(invoiceId);
    const [receipt] = await mailsTo(user.email, "receipt");
    expect(receipt!.subject).toMatch(/^Квитанція Майстра/);
    expect(receipt!.text).toContain("125.00 UAH через monobank");
  });

  it("a declined card fails the payment: station unpaid, no mail, the outcome says failed", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    await mono.pay(invoiceId, "failure");
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "failed" });
    expect((await stationOf(stoId)).isPaid).toBe(false);
    expect(await mailCount(user.email)).toBe(0);
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "failed" });
    // The person may try again: a new invoice, not the failed one.
    const retry = await openInvoice(stoId, cookie);
    expect(retry.invoiceId).not.toBe(invoiceId);
  });

  it("an invoice left unpaid expires: station unpaid, no mail, the outcome says expired", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    await mono.expire(invoiceId);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "expired" });
    expect((await stationOf(stoId)).isPaid).toBe(false);
    expect(await mailCount(user.email)).toBe(0);
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "expired" });
  });

  it("a reversal unpublishes the station and tells the owner and the admins", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    await mono.pay(invoiceId);
    await mono.reverse(invoiceId);
    expect(mono.deliveries.at(-1)).toEqual({ invoiceId, status: "reversed", answer: 200 });
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "refunded", refundedAt: expect.any(Date) });
    expect(await stationOf(stoId)).toMatchObject({ isPaid: false, paidAt: null });
    const [refunded] = await mailsTo(user.email, "refunded");
    expect(refunded!.text).toContain("125.00 UAH");
    expect(refunded!.text).toContain("no longer listed");
    const [adminMail] = await mailsTo(admin.email, "paymentReversedAdmin");
    expect(adminMail!.text).toContain(user.email);
    expect(adminMail!.text).toContain(invoiceId);
    expect(adminMail!.text).toContain("/admin/payments");
    expect(await (await outcome(paymentId, cookie)).json()).toMatchObject({ status: "refunded" });
  });

  it("a verified claimant pays by card for a place nobody holds: it becomes theirs; a claim rejected meanwhile moves nothing", async () => {
    const prisma = await getPrisma();
    const placeFor = async () => {
      const { user, cookie, stoId } = await unpaidStation();
      await prisma.service.update({ where: { id: stoId }, data: { ownerId: null, claimed: false } });
      const claim = await prisma.serviceClaim.create({
        data: { serviceId: stoId, userId: user.id, status: "verified", verifiedAt: new Date() },
      });
      return { user, cookie, stoId, claimId: claim.id };
    };
    const paying = await placeFor();
    const { invoiceId } = await openInvoice(paying.stoId, paying.cookie);
    await mono.pay(invoiceId);
    expect(await stationOf(paying.stoId)).toMatchObject({ ownerId: paying.user.id, claimed: true, isPaid: true });
    expect(await prisma.serviceClaim.findUniqueOrThrow({ where: { id: paying.claimId } })).toMatchObject({
      status: "completed",
    });

    const late = await placeFor();
    const lateInvoice = await openInvoice(late.stoId, late.cookie);
    await prisma.serviceClaim.update({ where: { id: late.claimId }, data: { status: "rejected" } });
    await mono.pay(lateInvoice.invoiceId);
    expect(await paymentOf(lateInvoice.invoiceId)).toMatchObject({ status: "failed", capturedAt: null });
    expect(await stationOf(late.stoId)).toMatchObject({ ownerId: null, claimed: false, isPaid: false });
    expect(await mailCount(late.user.email)).toBe(0);
  });

  describe("who may do what", () => {
    it("starting an invoice: signed out 401, someone else's station 403, an unknown or malformed id 404", async () => {
      const { stoId } = await unpaidStation();
      const other = await makeUser();
      const otherCookie = await signIn(other.email);
      const before = mono.calls.create;
      expect((await startInvoice(stoId)).status).toBe(401);
      expect((await startInvoice(stoId, otherCookie)).status).toBe(403);
      expect((await startInvoice("not-a-uuid", otherCookie)).status).toBe(404);
      expect((await startInvoice("0193f1a2-0000-7000-8000-000000000000", otherCookie)).status).toBe(404);
      const bad = await startInvoice(42 as unknown as string, otherCookie);
      expect(bad.status).toBe(400);
      expect(mono.calls.create).toBe(before);
      expect(await (await getPrisma()).payment.count({ where: { serviceId: stoId } })).toBe(0);
    });

    it("an admin may start one for an owner's station, as with PayPal", async () => {
      const { stoId } = await unpaidStation();
      expect((await startInvoice(stoId, await signIn(admin.email))).status).toBe(201);
    });

    it("the outcome: signed out 401; another user 404; the payer and an admin 200; a malformed id 404", async () => {
      const { cookie, stoId } = await unpaidStation();
      const { paymentId } = await openInvoice(stoId, cookie);
      const other = await signIn((await makeUser()).email);
      expect((await outcome(paymentId)).status).toBe(401);
      expect((await outcome(paymentId, other)).status).toBe(404);
      expect((await outcome(paymentId, cookie)).status).toBe(200);
      expect((await outcome(paymentId, await signIn(admin.email))).status).toBe(200);
      expect((await outcome("nope", cookie)).status).toBe(404);
      // A PayPal or test payment is not a card payment's outcome.
      const prisma = await getPrisma();
      const paypal = await prisma.payment.create({
        data: {
          serviceId: stoId,
          serviceName: "x",
          payerEmail: "x@test.local",
          amount: "3.00",
          currency: "USD",
          provider: "paypal",
          requestId: crypto.randomUUID(),
          userId: (await prisma.payment.findUniqueOrThrow({ where: { id: paymentId } })).userId,
        },
      });
      expect((await outcome(paypal.id, cookie)).status).toBe(404);
    });
  });

  it("monobank down: starting answers 502 and records nothing; the outcome stays pending, never an error", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    const other = await unpaidStation();
    mono.mode.down = true;
    const refused = await startInvoice(other.stoId, other.cookie);
    expect(refused.status).toBe(502);
    expect((await refused.json()).key).toBe("Payment.unavailable");
    expect(await (await getPrisma()).payment.count({ where: { serviceId: other.stoId } })).toBe(0);
    const answer = await outcome(paymentId, cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: "pending" });
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "created" });
    expect(await mailCount(user.email)).toBe(0);
  });

  it("without MONO_TOKEN the card option is not offered, starting answers 503 and webhooks are refused", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    const forged = await securityEvents("webhook.forged");
    setEnv({ MONO_TOKEN: undefined });
    try {
      expect(monoOffer()).toBeNull();
      const other = await unpaidStation();
      const refused = await startInvoice(other.stoId, other.cookie);
      expect(refused.status).toBe(503);
      expect((await refused.json()).key).toBe("Payment.unavailable");
      mono.invoices.get(invoiceId)!.status = "success";
      expect(await mono.sendWebhook(invoiceId)).toBe(401);
      expect(await paymentOf(invoiceId)).toMatchObject({ status: "created" });
      expect((await stationOf(stoId)).isPaid).toBe(false);
      expect(await securityEvents("webhook.forged")).toBe(forged + 1);
    } finally {
      setEnv({ MONO_TOKEN: mono.token });
    }
  });
});
