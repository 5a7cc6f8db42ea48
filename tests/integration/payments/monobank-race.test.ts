import { beforeAll, describe, expect, it } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { monoState } from "@/features/payments/server/monobank";
import { applyMonoState } from "@/features/payments/server/monobank-state";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, paymentOf, stationOf, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";

/**
 * Two payments of one station settled at the same moment (PostgreSQL's READ COMMITTED: each
 * transaction would count the other's payment as it was before). The station row is locked first,
 * so the second waits for the first and sees what it did. On PGlite transactions run one at a time
 * and these pass trivially.
 */
let mono: FakeMonobank;
const ROUNDS = 6;
const stateOf = (invoiceId: string, changes: Record<string, unknown>) =>
  monoState({ ...(JSON.parse(mono.statusBody(invoiceId)) as object), ...changes })!;

/** A station with two invoices of its owner (the first left open in another tab past its reuse). */
async function twoInvoices() {
  const { cookie, stoId } = await unpaidStation();
  const a = await openInvoice(stoId, cookie);
  await (
    await getPrisma()
  ).payment.update({ where: { id: a.paymentId }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
  const b = await openInvoice(stoId, cookie);
  return { stoId, a, b };
}

describe("card payments of one station settled at the same moment", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  beforeAll(async () => {
    mono = standIn();
    await makeUser({ isAdmin: true });
  });

  it("two reversals at once of a station paid twice take it out of the directory", async () => {
    const published: boolean[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { stoId, a, b } = await twoInvoices();
      await mono.pay(a.invoiceId);
      await mono.pay(b.invoiceId);
      const [pa, pb] = [await paymentOf(a.invoiceId), await paymentOf(b.invoiceId)];
      expect([pa.status, pb.status]).toEqual(["captured", "captured"]);
      const later = new Date(Date.now() + 60_000).toISOString();
      await Promise.all([
        applyMonoState(pa, stateOf(a.invoiceId, { status: "reversed", modifiedDate: later })),
        applyMonoState(pb, stateOf(b.invoiceId, { status: "reversed", modifiedDate: later })),
      ]);
      published.push((await stationOf(stoId)).isPaid);
    }
    expect(published).toEqual(Array<boolean>(ROUNDS).fill(false));
  });

  it("a success landing while the station's other payment is reversed keeps it published", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { stoId, a, b } = await twoInvoices();
      await mono.pay(a.invoiceId);
      mono.mode.loseWebhooks = true;
      await mono.pay(b.invoiceId);
      mono.mode.loseWebhooks = false;
      const [pa, pb] = [await paymentOf(a.invoiceId), await paymentOf(b.invoiceId)];
      const later = new Date(Date.now() + 60_000).toISOString();
      await Promise.all([
        applyMonoState(pa, stateOf(a.invoiceId, { status: "reversed", modifiedDate: later })),
        applyMonoState(pb, stateOf(b.invoiceId, { status: "success" })),
      ]);
      outcomes.push(`${(await paymentOf(b.invoiceId)).status} ${(await stationOf(stoId)).isPaid}`);
    }
    expect(outcomes).toEqual(Array<string>(ROUNDS).fill("captured true"));
  });
});
