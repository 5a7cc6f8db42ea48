import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { POST as startOrderRoute } from "@/app/api/etc/paypal/orders/route";
import { GET as paypalConfigRoute } from "@/app/api/etc/paypal/route";
import { GET as publicService } from "@/app/api/items/[id]/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { POST as createOrder } from "@/app/api/items/users/sto-order/route";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeUser } from "../../helpers/factories";
import { startFakePaypal, type FakePaypal } from "../../helpers/fake-paypal";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

const request = (method: string, path: string, body?: unknown, cookie?: string) =>
  makeRequest(path, {
    method,
    headers: cookie ? { cookie } : {},
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let paypal: FakePaypal;
const cookies: Record<string, string> = {};

async function freshOrder(who = "buyer"): Promise<string> {
  const user = await makeUser();
  cookies[who] = await signIn(user.email);
  const response = await call(createOrder, request("POST", "/api/items/users/sto-order", STATION_INPUT, cookies[who]));
  return (await response.json())._id;
}
const start = (stoId: string, cookie = cookies.buyer) =>
  call(startOrderRoute, request("POST", "/api/etc/paypal/orders", { stoId }, cookie));
const pay = (stoId: string, body: unknown, cookie = cookies.buyer) =>
  call(payRoute, request("PUT", `/api/items/users/${stoId}/pay`, body, cookie), params({ id: stoId }));
const isPaid = async (id: string) => (await (await getPrisma()).service.findUniqueOrThrow({ where: { id } })).isPaid;
const isPublic = async (id: string) =>
  (await call(publicService, request("GET", `/api/items/${id}`), params({ id }))).status === 200;

describe("PayPal (against a local fake of the REST API)", () => {
  beforeAll(async () => {
    paypal = await startFakePaypal();
    setEnv({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.secret, PAYPAL_API_BASE: paypal.url });
  });
  afterAll(async () => {
    setEnv({ PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined, PAYPAL_API_BASE: undefined });
    await paypal.close();
  });
  beforeEach(() =>
    Object.assign(paypal.mode, { decline: false, down: false, amount: null, customId: null, status: null }),
  );

  it("gives the client id and no test mode when PayPal is configured", async () => {
    expect(await (await call(paypalConfigRoute, request("GET", "/api/etc/paypal"))).json()).toEqual({
      clientId: "test-client",
      currency: "USD",
      testMode: false,
    });
  });

  it("creates a 3.00 USD order for the station, captures it, verifies it, and publishes the station once", async () => {
    const stoId = await freshOrder();
    const started = await start(stoId);
    expect(started.status).toBe(201);
    const { id: orderID } = await started.json();
    const unit = (
      paypal.orders.get(orderID)!.body.purchase_units as {
        custom_id: string;
        amount: { value: string; currency_code: string; breakdown: unknown };
      }[]
    )[0]!;
    expect(unit).toMatchObject({
      custom_id: stoId,
      amount: {
        value: "3.00",
        currency_code: "USD",
        breakdown: { item_total: { value: "2.40" }, tax_total: { value: "0.60" } },
      },
    });

    const paid = await pay(stoId, { paymentMethod: "PayPal", orderID });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ _id: stoId, ispaid: true });
    expect(await isPublic(stoId)).toBe(true);

    // A replayed capture (double click, retry after a lost answer) is answered without charging again.
    const captures = paypal.captures;
    expect((await pay(stoId, { paymentMethod: "PayPal", orderID })).status).toBe(200);
    expect(paypal.captures).toBe(captures);
    const payments = await (await getPrisma()).payment.findMany({ where: { serviceId: stoId } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "captured",
      provider: "paypal",
      providerOrderId: orderID,
      payerEmail: "buyer@example.com",
    });
  });

  it("two captures sent at once pay once", async () => {
    const stoId = await freshOrder();
    const { id: orderID } = await (await start(stoId)).json();
    const answers = await Promise.all([
      pay(stoId, { paymentMethod: "PayPal", orderID }),
      pay(stoId, { paymentMethod: "PayPal", orderID }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(paypal.captures).toBeGreaterThan(0);
    expect(await (await getPrisma()).payment.count({ where: { serviceId: stoId, status: "captured" } })).toBe(1);
  });

  it("refuses to start or capture for another user's station, and an order of one station for another", async () => {
    const stoId = await freshOrder("buyer");
    const otherSto = await freshOrder("other");
    expect((await start(stoId, cookies.other)).status).toBe(403);
    const { id: orderID } = await (await start(otherSto, cookies.other)).json();
    expect((await pay(stoId, { paymentMethod: "PayPal", orderID }, cookies.other)).status).toBe(403);
    const crossed = await pay(stoId, { paymentMethod: "PayPal", orderID }, cookies.buyer);
    expect(crossed.status).toBe(400);
    expect((await crossed.json()).key).toBe("Payment.unknownOrder");
    expect(await isPaid(stoId)).toBe(false);
    expect((await call(startOrderRoute, request("POST", "/api/etc/paypal/orders", { stoId }))).status).toBe(401);
  });

  it.each([
    ["declined by PayPal", { decline: true }, 402, "Payment.declined"],
    ["captured for a different amount", { amount: "0.01" }, 400, "Payment.mismatch"],
    ["captured for a different station", { customId: "someone-else" }, 400, "Payment.mismatch"],
    ["left pending", { status: "PENDING" }, 402, "Payment.pending"],
  ])("does not publish a station whose payment was %s", async (_what, mode, status, key) => {
    const stoId = await freshOrder();
    const { id: orderID } = await (await start(stoId)).json();
    Object.assign(paypal.mode, mode);
    const response = await pay(stoId, { paymentMethod: "PayPal", orderID });
    expect(response.status).toBe(status);
    expect((await response.json()).key).toBe(key);
    expect(await isPaid(stoId)).toBe(false);
    expect(await isPublic(stoId)).toBe(false);
  });

  it("answers 502 when PayPal cannot be reached, and the station stays unpaid", async () => {
    const stoId = await freshOrder();
    const { id: orderID } = await (await start(stoId)).json();
    paypal.mode.down = true;
    const response = await pay(stoId, { paymentMethod: "PayPal", orderID });
    expect(response.status).toBe(502);
    expect((await response.json()).message).toMatch(/not available/);
    expect(await isPaid(stoId)).toBe(false);
    paypal.mode.down = false;
    expect((await pay(stoId, { paymentMethod: "PayPal", orderID })).status).toBe(200);
  });

  it("refuses the test payment while PayPal is configured, and malformed bodies", async () => {
    const stoId = await freshOrder();
    expect((await pay(stoId, { paymentMethod: "test" })).status).toBe(403);
    expect((await pay(stoId, { paymentMethod: "PayPal" })).status).toBe(400);
    expect((await pay(stoId, { paymentMethod: "PayPal", orderID: "<script>" })).status).toBe(400);
    expect((await pay("not-a-uuid", { paymentMethod: "test" })).status).toBe(404);
  });
});

describe("test payments (no PayPal credentials, outside production)", () => {
  it("publishes the station once, however often it is sent", async () => {
    expect((await (await call(paypalConfigRoute, request("GET", "/api/etc/paypal"))).json()).testMode).toBe(true);
    const stoId = await freshOrder();
    const answers = await Promise.all([pay(stoId, { paymentMethod: "test" }), pay(stoId, { paymentMethod: "test" })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await isPublic(stoId)).toBe(true);
    expect(await (await getPrisma()).payment.count({ where: { serviceId: stoId, provider: "test" } })).toBe(1);
  });
});
