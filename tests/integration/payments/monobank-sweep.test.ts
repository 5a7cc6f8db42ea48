import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { sweepMonoPayments } from "@/features/payments/server/monobank-sweep";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, paymentOf, stationOf, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";
import { mailsTo } from "../../helpers/security";

/**
 * The sweep and invoices monobank keeps open (processing, hold): given up a day after they were
 * made, and never in the way of newer invoices whose webhook was lost.
 */
let mono: FakeMonobank;
let admin: { email: string };
const HOUR = 3_600_000;

/** `count` payments whose invoices monobank holds open, made `age` ms ago. */
async function stuckPayments(count: number, age: number) {
  const prisma = await getPrisma();
  const createdAt = new Date(Date.now() - age);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const invoiceId = `2611Stuck${randomUUID().replaceAll("-", "").slice(0, 11)}`;
    const date = createdAt.toISOString();
    mono.invoices.set(invoiceId, {
      invoiceId,
      status: "hold",
      amount: 12500,
      ccy: 980,
      reference: "",
      destination: "",
      redirectUrl: "",
      webHookUrl: "",
      validity: 900,
      createdDate: date,
      modifiedDate: date,
      request: {},
    });
    const row = await prisma.payment.create({
      data: {
        serviceName: "Stuck",
        payerEmail: "stuck@example.com",
        amount: "125.00",
        currency: "UAH",
        provider: "monobank",
        providerOrderId: invoiceId,
        requestId: randomUUID(),
        createdAt,
      },
    });
    ids.push(row.id);
  }
  return ids;
}

describe("the monobank sweep and invoices that stay open", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    admin = await makeUser({ isAdmin: true });
  });

  it("fifty invoices monobank keeps open do not keep a newer lost success from being settled", async () => {
    await stuckPayments(50, 3 * HOUR);
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    mono.mode.loseWebhooks = true;
    await mono.pay(invoiceId);
    const later = new Date(Date.now() + HOUR);
    await sweepMonoPayments(later);
    await sweepMonoPayments(later);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect((await stationOf(stoId)).isPaid).toBe(true);
  });

  it("an invoice still open at monobank a day after it was made is failed and the admins are told once", async () => {
    const [id] = await stuckPayments(1, 2 * HOUR);
    const prisma = await getPrisma();
    const before = (await mailsTo(admin.email, "paymentStuckAdmin")).length;
    await sweepMonoPayments(new Date());
    expect(await prisma.payment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "created" });
    const dayLater = new Date(Date.now() + 23 * HOUR);
    // The other open rows of this file are given up too: read until none is left.
    for (let i = 0; i < 3; i++) await sweepMonoPayments(dayLater);
    expect(await prisma.payment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed" });
    const mails = await mailsTo(admin.email, "paymentStuckAdmin");
    expect(mails.slice(before).some((mail) => mail.text.includes("stuck@example.com"))).toBe(true);
    const count = mails.length;
    await sweepMonoPayments(dayLater);
    expect(await mailsTo(admin.email, "paymentStuckAdmin")).toHaveLength(count);
  });
});
