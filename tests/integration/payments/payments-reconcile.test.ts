import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { POST as startOrderRoute } from "@/app/api/etc/paypal/orders/route";
import { POST as webhookRoute } from "@/app/api/etc/paypal/webhook/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { POST as createOrder } from "@/app/api/items/users/sto-order/route";
import { SWEEP_AFTER_MS, sweepPayments } from "@/features/payments/server/paypal-payments";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { VALID_SIGNATURE, type FakePaypal } from "../../helpers/fake-paypal";
import { webhookHeaders, withPaypalStandIn } from "../../helpers/paypal-stand-in";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

/**
 * Money that moved at PayPal is never lost on our side: a capture whose answer we lost, an order
 * captured elsewhere, a webhook, the sweep; and a refund takes the listing back.
 */
let paypal: FakePaypal;
const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  makeRequest(path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function orderedStation(locale: "en" | "uk" = "en") {
  const user = await makeUser();
  const prisma = await getPrisma();
  await prisma.user.update({ where: { id: user.id }, data: { locale } });
  const cookie = await signIn(user.email);
  const stoId = (
    await (await call(createOrder, request("POST", "/api/items/users/sto-order", STATION_INPUT, { cookie }))).json()
  )._id as string;
  const orderID = (
    await (await call(startOrderRoute, request("POST", "/api/etc/paypal/orders", { stoId }, { cookie }))).json()
  ).id as string;
  return { user, cookie, stoId, orderID };
}
const pay = (stoId: string, orderID: string, cookie: string) =>
  call(
    payRoute,
    request("PUT", `/api/items/users/${stoId}/pay`, { paymentMethod: "PayPal", orderID }, { cookie }),
    params({ id: stoId }),
  );
const station = async (id: string) => (await getPrisma()).service.findUniqueOrThrow({ where: { id } });
const payment = async (orderId: string) =>
  (await getPrisma()).payment.findUniqueOrThrow({ where: { providerOrderId: orderId } });
const mailsTo = async (email: string, kind: string) =>
  (await getPrisma()).mailOutbox.findMany({ where: { to: email, kind } });

function webhook(event: Record<string, unknown>, signature = VALID_SIGNATURE) {
  return call(webhookRoute, request("POST", "/api/etc/paypal/webhook", event, webhookHeaders(signature)));
}
const captureEvent = (id: string, orderId: string, captureId: string, customId: string, value = "3.00") => ({
  id,
  event_type: "PAYMENT.CAPTURE.COMPLETED",
  resource: {
    id: captureId,
    status: "COMPLETED",
    custom_id: customId,
    amount: { value, currency_code: "USD" },
    supplementary_data: { related_ids: { order_id: orderId } },
  },
});

describe("PayPal reconciliation", () => {
  const standIn = withPaypalStandIn();
  beforeAll(() => {
    paypal = standIn();
  });
  beforeEach(() =>
    Object.assign(paypal.mode, {
      decline: false,
      down: false,
      amount: null,
      customId: null,
      status: null,
      loseCaptureAnswer: false,
    }),
  );

  it("an order captured at PayPal but not recorded here is recorded by the next pay call: 200, published once, a receipt", async () => {
    const { user, cookie, stoId, orderID } = await orderedStation();
    paypal.captureDirectly(orderID);
    const paid = await pay(stoId, orderID, cookie);
    expect(paid.status).toBe(200);
    expect(await station(stoId)).toMatchObject({ isPaid: true });
    expect(await payment(orderID)).toMatchObject({
      status: "captured",
      providerCaptureId: expect.stringMatching(/^CAP/),
    });
    expect((await pay(stoId, orderID, cookie)).status).toBe(200);
    expect(paypal.captures).toBeGreaterThan(0);
    const receipts = await mailsTo(user.email, "receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("3.00 USD");
    expect(receipts[0]!.text).toContain((await payment(orderID)).providerCaptureId!);
  });

  it("a capture whose answer is lost (connection cut) is read back and recorded, and PayPal charged once", async () => {
    const { stoId, orderID, cookie } = await orderedStation();
    paypal.mode.loseCaptureAnswer = true;
    const before = paypal.captures;
    const paid = await pay(stoId, orderID, cookie);
    expect(paid.status).toBe(200);
    expect(paypal.captures).toBe(before + 1);
    expect(await station(stoId)).toMatchObject({ isPaid: true });
  });

  it("PayPal down before the capture: 502, nothing recorded, and the same call later succeeds", async () => {
    const { stoId, orderID, cookie } = await orderedStation();
    paypal.mode.down = true;
    expect((await pay(stoId, orderID, cookie)).status).toBe(502);
    expect(await payment(orderID)).toMatchObject({ status: "created" });
    paypal.mode.down = false;
    expect((await pay(stoId, orderID, cookie)).status).toBe(200);
  });

  it("the receipt is in the payer's language", async () => {
    const { user, stoId, orderID, cookie } = await orderedStation("uk");
    expect((await pay(stoId, orderID, cookie)).status).toBe(200);
    const [receipt] = await mailsTo(user.email, "receipt");
    expect(receipt!.subject).toMatch(/^Квитанція Майстра/);
    expect(receipt!.text).toMatch(/\/ua\/service\//);
  });

  it("webhook: a bad signature is 401 and changes nothing; a good one settles the order; a replay does nothing", async () => {
    const { stoId, orderID } = await orderedStation();
    paypal.captureDirectly(orderID);
    const event = captureEvent(`WH-${Date.now()}`, orderID, "CAP-WH-1", stoId);
    const forged = await webhook(event, "forged");
    expect(forged.status).toBe(401);
    expect(await station(stoId)).toMatchObject({ isPaid: false });
    expect(await (await getPrisma()).paypalEvent.count({ where: { id: event.id } })).toBe(0);

    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ handled: true });
    expect(await station(stoId)).toMatchObject({ isPaid: true });
    const again = await webhook(event);
    expect(await again.json()).toEqual({ handled: false });
    expect(await (await getPrisma()).payment.count({ where: { serviceId: stoId, status: "captured" } })).toBe(1);
  });

  it("webhook: a capture of the wrong amount does not publish; malformed events are 400", async () => {
    const { stoId, orderID } = await orderedStation();
    expect((await webhook(captureEvent(`WH-low-${Date.now()}`, orderID, "CAP-LOW", stoId, "0.01"))).status).toBe(200);
    expect(await station(stoId)).toMatchObject({ isPaid: false });
    expect(await payment(orderID)).toMatchObject({ status: "failed" });
    expect((await webhook({ event_type: "PAYMENT.CAPTURE.COMPLETED" })).status).toBe(400);
    expect((await webhook({ id: 5, event_type: [] })).status).toBe(400);
  });

  it("webhook: a refund or a reversal unpublishes the station and tells the owner, once", async () => {
    const { user, stoId, orderID, cookie } = await orderedStation();
    expect((await pay(stoId, orderID, cookie)).status).toBe(200);
    const captureId = (await payment(orderID)).providerCaptureId!;
    const refundEvent = {
      id: `WH-R-${Date.now()}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "REFUND-1",
        status: "COMPLETED",
        links: [{ rel: "up", href: `${paypal.url}/v2/payments/captures/${captureId}` }],
      },
    };
    expect((await webhook(refundEvent)).status).toBe(200);
    expect(await station(stoId)).toMatchObject({ isPaid: false });
    expect(await payment(orderID)).toMatchObject({ status: "refunded", refundedAt: expect.any(Date) });
    expect(await mailsTo(user.email, "refunded")).toHaveLength(1);
    const reversal = {
      id: `WH-V-${Date.now()}`,
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource: { id: captureId, status: "REVERSED" },
    };
    expect((await webhook(reversal)).status).toBe(200);
    expect(await mailsTo(user.email, "refunded")).toHaveLength(1);
  });

  it("the sweep settles orders left created: captured elsewhere → recorded; approved but never captured → captured once; never approved for a day → failed", async () => {
    const prisma = await getPrisma();
    const elsewhere = await orderedStation();
    paypal.captureDirectly(elsewhere.orderID);
    const approved = await orderedStation();
    paypal.approve(approved.orderID);
    const abandoned = await orderedStation();
    const fresh = await orderedStation();
    const old = new Date(Date.now() - SWEEP_AFTER_MS - 60_000);
    await prisma.payment.updateMany({
      where: { providerOrderId: { in: [elsewhere.orderID, approved.orderID] } },
      data: { createdAt: old },
    });
    await prisma.payment.updateMany({
      where: { providerOrderId: abandoned.orderID },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60_000) },
    });

    const counts = await sweepPayments();
    expect(counts).toMatchObject({ captured: 2, abandoned: 1 });
    expect(await station(elsewhere.stoId)).toMatchObject({ isPaid: true });
    expect(await station(approved.stoId)).toMatchObject({ isPaid: true });
    expect(await payment(abandoned.orderID)).toMatchObject({ status: "failed" });
    expect(await payment(fresh.orderID)).toMatchObject({ status: "created" });
    expect(await sweepPayments()).toMatchObject({ captured: 0, abandoned: 0 });
  });
});
