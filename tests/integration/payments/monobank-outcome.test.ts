import { beforeAll, describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, outcome, paymentOf, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";
import { mailsTo } from "../../helpers/security";

/**
 * What the result page is told of a card payment: a paid invoice that could not be applied is not
 * "declined" (the money was taken: an admin is mailed to refund it), whether the station is listed
 * now, and whether it has no owner (paying again goes through /placeorder?sto=<id>).
 */
let mono: FakeMonobank;
let admin: { email: string };

const json = async (paymentId: string, cookie: string) => (await outcome(paymentId, cookie)).json();

/** A place nobody holds, claimed (verified) by the returned user. */
async function claimedPlace() {
  const prisma = await getPrisma();
  const { user, cookie, stoId } = await unpaidStation();
  await prisma.service.update({ where: { id: stoId }, data: { ownerId: null, claimed: false } });
  const claim = await prisma.serviceClaim.create({
    data: { serviceId: stoId, userId: user.id, status: "verified", verifiedAt: new Date() },
  });
  return { user, cookie, stoId, claimId: claim.id };
}

describe("the card payment's outcome", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    admin = await makeUser({ isAdmin: true });
  });

  it("paid: captured and listed; open: pending and not listed", async () => {
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    expect(await json(paymentId, cookie)).toEqual({
      status: "pending",
      stoId,
      amount: "125.00",
      currency: "UAH",
      listed: false,
      unclaimed: false,
    });
    await mono.pay(invoiceId);
    expect(await json(paymentId, cookie)).toMatchObject({ status: "captured", listed: true, unclaimed: false });
  });

  it("a success that does not match its invoice is under review, not declined, and the admins are mailed", async () => {
    const { user, cookie, stoId } = await unpaidStation();
    const { invoiceId, paymentId } = await openInvoice(stoId, cookie);
    const before = (await mailsTo(admin.email, "paymentReviewAdmin")).length;
    mono.mode.amount = 100;
    await mono.pay(invoiceId);
    mono.mode.amount = null;
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "failed" });
    expect(await json(paymentId, cookie)).toMatchObject({ status: "review", listed: false });
    const mails = await mailsTo(admin.email, "paymentReviewAdmin");
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(user.email);
    expect(mails.at(-1)!.text).toContain(invoiceId);
    expect(mails.at(-1)!.text).toContain("does not match");
    // Sent again, the same success changes nothing and mails nobody again.
    expect(await mono.sendWebhook(invoiceId)).toBe(200);
    expect(await mailsTo(admin.email, "paymentReviewAdmin")).toHaveLength(before + 1);
  });

  it("a success for a place whose claim was rejected meanwhile is under review and the admins are mailed", async () => {
    const prisma = await getPrisma();
    const late = await claimedPlace();
    const { invoiceId, paymentId } = await openInvoice(late.stoId, late.cookie);
    await prisma.serviceClaim.update({ where: { id: late.claimId }, data: { status: "rejected" } });
    const before = (await mailsTo(admin.email, "paymentReviewAdmin")).length;
    await mono.pay(invoiceId);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "failed" });
    expect(await json(paymentId, late.cookie)).toMatchObject({ status: "review", listed: false, unclaimed: true });
    const mails = await mailsTo(admin.email, "paymentReviewAdmin");
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain("claim");
  });

  it("a declined card of a claimant for a place nobody holds is failed and says the place is unclaimed", async () => {
    const place = await claimedPlace();
    const { invoiceId, paymentId } = await openInvoice(place.stoId, place.cookie);
    await mono.pay(invoiceId, "failure");
    expect(await json(paymentId, place.cookie)).toMatchObject({ status: "failed", listed: false, unclaimed: true });
  });

  it("a reversal of a station another payment covers says it stays listed", async () => {
    const { cookie, stoId } = await unpaidStation();
    const first = await openInvoice(stoId, cookie);
    await (
      await getPrisma()
    ).payment.update({ where: { id: first.paymentId }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    const second = await openInvoice(stoId, cookie);
    await mono.pay(first.invoiceId);
    await mono.pay(second.invoiceId);
    await mono.reverse(first.invoiceId);
    expect(await json(first.paymentId, cookie)).toMatchObject({ status: "refunded", listed: true });
    await mono.reverse(second.invoiceId);
    expect(await json(second.paymentId, cookie)).toMatchObject({ status: "refunded", listed: false });
  });
});
