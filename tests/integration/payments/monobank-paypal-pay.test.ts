import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { POST as webhookRoute } from "@/app/api/etc/mono/webhook/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";

import type { FakeMonobank } from "../../helpers/fake-monobank";
import { openInvoice, paymentOf, stationOf, unpaidStation } from "../../helpers/mono-payments";
import { withMonoStandIn } from "../../helpers/mono-stand-in";
import { withPaypalStandIn } from "../../helpers/paypal-stand-in";
import { apiRequest, call, params } from "../../helpers/request";

/** PayPal's pay call knows PayPal's orders only: a monobank invoice id is an unknown order. */
let mono: FakeMonobank;

const payWithPaypal = (stoId: string, orderID: string, cookie: string) =>
  call(
    payRoute,
    apiRequest("PUT", `/api/items/users/${stoId}/pay`, { body: { paymentMethod: "PayPal", orderID }, cookie }),
    params({ id: stoId }),
  );

describe("PayPal's pay call and card payments", () => {
  const standIn = withMonoStandIn({ webhook: webhookRoute });
  const paypalStandIn = withPaypalStandIn();
  beforeAll(() => {
    mono = standIn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("a monobank invoice id, open or paid, is Payment.unknownOrder and never reaches PayPal", async () => {
    const paypal = paypalStandIn();
    const { cookie, stoId } = await unpaidStation();
    const { invoiceId } = await openInvoice(stoId, cookie);
    const fetches = vi.spyOn(globalThis, "fetch");
    const open = await payWithPaypal(stoId, invoiceId, cookie);
    expect(open.status).toBe(400);
    expect(((await open.json()) as { message: string }).message).toBe("This payment order is not known.");
    await mono.pay(invoiceId);
    expect(await paymentOf(invoiceId)).toMatchObject({ status: "captured" });
    expect((await payWithPaypal(stoId, invoiceId, cookie)).status).toBe(400);
    expect((await stationOf(stoId)).isPaid).toBe(true);
    expect(fetches.mock.calls.filter(([url]) => String(url).startsWith(paypal.url))).toEqual([]);
  });
});
