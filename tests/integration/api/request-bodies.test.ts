import { beforeAll, describe, expect, it } from "vitest";
import { PUT as markFeedbackRoute } from "@/app/api/etc/admin/feedback/[id]/route";
import { POST as startOrderRoute } from "@/app/api/etc/paypal/orders/route";
import { POST as webhookRoute } from "@/app/api/etc/paypal/webhook/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { POST as createOrderRoute } from "@/app/api/items/users/sto-order/route";
import { POST as emailConfirmRoute } from "@/app/api/users/profile/email/confirm/route";
import { getPrisma } from "@/lib/db/client";
import { makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

/**
 * Bodies that are not what a call takes are refused by its schema (lib/validation) with a 400
 * in the caller's language, before anything is read or written.
 */
const cookies: Record<string, string> = {};
let stationId = "";

beforeAll(async () => {
  cookies.owner = await signIn((await makeUser()).email, "10.16.3.1");
  cookies.admin = await signIn((await makeUser({ isAdmin: true })).email, "10.16.3.2");
  const order = await call(
    createOrderRoute,
    makeRequest("/api/items/users/sto-order", { method: "POST", headers: { cookie: cookies.owner }, body: JSON.stringify(STATION_INPUT) }),
  );
  stationId = (await order.json())._id;
});

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  makeRequest(path, { method, headers: { "accept-language": "uk", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  const { key, message, errors } = (await response.json()) as { key: string; message: string; errors?: Record<string, { key: string }> };
  return { key, message, fields: Object.fromEntries(Object.entries(errors ?? {}).map(([field, error]) => [field, error.key])) };
}

describe("request bodies are checked by their schemas", () => {
  it("starting a PayPal order needs the station's id as text; an id of nothing is still a 404", async () => {
    const start = (body: unknown) => call(startOrderRoute, send("POST", "/api/etc/paypal/orders", body, cookies.owner));
    expect(await refusal(await start({ stoId: 5 }))).toEqual({
      key: "Api.badRequest",
      message: "Це значення неприпустиме.",
      fields: { stoId: "Validation.invalid" },
    });
    expect((await refusal(await start(null))).key).toBe("Api.badRequest");
    expect((await start({ stoId: "not-a-station" })).status).toBe(404);
  });

  it("paying takes an approved PayPal order or the test payment, nothing else", async () => {
    const pay = (body: unknown) => call(payRoute, send("PUT", `/api/items/users/${stationId}/pay`, body, cookies.owner), params({ id: stationId }));
    for (const body of [
      null,
      [],
      { paymentMethod: "cash" },
      { paymentMethod: "PayPal" },
      { paymentMethod: "PayPal", orderID: 42 },
      { paymentMethod: "PayPal", orderID: "<script>" },
    ]) {
      const { key, message } = await refusal(await pay(body));
      expect({ key, message }, JSON.stringify(body)).toEqual({ key: "Payment.unknownOrder", message: "Таке платіжне замовлення невідоме." });
    }
    expect(await (await getPrisma()).service.findUniqueOrThrow({ where: { id: stationId }, select: { isPaid: true } })).toEqual({ isPaid: false });
  });

  it("a webhook event needs its id and type as text, and a resource of the shape PayPal sends", async () => {
    const notify = (body: unknown) => call(webhookRoute, send("POST", "/api/etc/paypal/webhook", body));
    expect((await refusal(await notify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { links: "up" } }))).fields).toEqual({
      "resource.links": "Validation.invalid",
    });
    expect((await refusal(await notify({ id: "W".repeat(101), event_type: "PAYMENT.CAPTURE.COMPLETED" }))).key).toBe("Api.badRequest");
    expect(await (await getPrisma()).paypalEvent.count()).toBe(0);
  });

  it("marking feedback read takes true or false", async () => {
    const feedback = await (await getPrisma()).feedback.create({ data: { title: "Slow map", message: "On my phone", email: "driver@test.local" } });
    const mark = (body: unknown) =>
      call(markFeedbackRoute, send("PUT", `/api/etc/admin/feedback/${feedback.id}`, body, cookies.admin), params({ id: feedback.id }));
    expect(await refusal(await mark({ read: "yes" }))).toEqual({
      key: "Api.badRequest",
      message: "Використовуйте true або false.",
      fields: { read: "Validation.flag" },
    });
    expect(await refusal(await mark({}))).toMatchObject({ fields: { read: "Validation.flag" } });
    expect(await (await getPrisma()).feedback.findUniqueOrThrow({ where: { id: feedback.id } })).toMatchObject({ readAt: null });
    expect((await mark({ read: true })).status).toBe(200);
  });

  it("confirming a new e-mail address takes the link's token as text", async () => {
    const confirm = (body: unknown) => call(emailConfirmRoute, send("POST", "/api/users/profile/email/confirm", body));
    for (const body of [null, "token", { token: ["a"] }, { token: "t".repeat(201) }]) {
      const { key, message } = await refusal(await confirm(body));
      expect({ key, message }, JSON.stringify(body)).toEqual({
        key: "Auth.emailChangeInvalid",
        message: "Це посилання недійсне або застаріло. Змініть пошту у профілі ще раз.",
      });
    }
  });
});
