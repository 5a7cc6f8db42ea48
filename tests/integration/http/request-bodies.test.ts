import { beforeAll, describe, expect, it } from "vitest";

import { PUT as markFeedbackRoute } from "@/app/api/etc/admin/feedback/[id]/route";
import { POST as startOrderRoute } from "@/app/api/etc/paypal/orders/route";
import { POST as webhookRoute } from "@/app/api/etc/paypal/webhook/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { PUT as adminServiceRoute } from "@/app/api/items/admin/[id]/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { PUT as ownServiceRoute } from "@/app/api/items/users/[id]/route";
import { POST as registerMechanicRoute } from "@/app/api/items/users/route";
import { POST as createOrderRoute, PUT as updateOrderRoute } from "@/app/api/items/users/sto-order/route";
import { POST as emailConfirmRoute } from "@/app/api/users/profile/email/confirm/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

/**
 * Bodies that are not what a call takes are refused by its schema (the feature's schema.ts) with a 400
 * in the caller's language, before anything is read or written.
 */
const cookies: Record<string, string> = {};
let stationId = "";

beforeAll(async () => {
  cookies.owner = await signIn((await makeUser()).email, "10.16.3.1");
  cookies.admin = await signIn((await makeUser({ isAdmin: true })).email, "10.16.3.2");
  cookies.reviewer = await signIn((await makeUser()).email, "10.16.3.3");
  cookies.master = await signIn((await makeUser()).email, "10.16.3.4");
  const order = await call(
    createOrderRoute,
    makeRequest("/api/items/users/sto-order", {
      method: "POST",
      headers: { cookie: cookies.owner },
      body: JSON.stringify(STATION_INPUT),
    }),
  );
  stationId = (await order.json())._id;
});

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  makeRequest(path, {
    method,
    headers: { "accept-language": "uk", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  const { key, message, errors } = (await response.json()) as {
    key: string;
    message: string;
    errors?: Record<string, { key: string }>;
  };
  return {
    key,
    message,
    fields: Object.fromEntries(Object.entries(errors ?? {}).map(([field, error]) => [field, error.key])),
  };
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
    const pay = (body: unknown) =>
      call(payRoute, send("PUT", `/api/items/users/${stationId}/pay`, body, cookies.owner), params({ id: stationId }));
    for (const body of [
      null,
      [],
      { paymentMethod: "cash" },
      { paymentMethod: "PayPal" },
      { paymentMethod: "PayPal", orderID: 42 },
      { paymentMethod: "PayPal", orderID: "<script>" },
    ]) {
      const { key, message } = await refusal(await pay(body));
      expect({ key, message }, JSON.stringify(body)).toEqual({
        key: "Payment.unknownOrder",
        message: "Таке платіжне замовлення невідоме.",
      });
    }
    expect(
      await (await getPrisma()).service.findUniqueOrThrow({ where: { id: stationId }, select: { isPaid: true } }),
    ).toEqual({ isPaid: false });
  });

  it("a webhook event needs its id and type as text, and a resource of the shape PayPal sends", async () => {
    const notify = (body: unknown) => call(webhookRoute, send("POST", "/api/etc/paypal/webhook", body));
    expect(
      (await refusal(await notify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { links: "up" } })))
        .fields,
    ).toEqual({
      "resource.links": "Validation.invalid",
    });
    expect((await refusal(await notify({ id: "W".repeat(101), event_type: "PAYMENT.CAPTURE.COMPLETED" }))).key).toBe(
      "Api.badRequest",
    );
    expect(await (await getPrisma()).paypalEvent.count()).toBe(0);
  });

  it("marking feedback read takes true or false", async () => {
    const feedback = await (
      await getPrisma()
    ).feedback.create({ data: { title: "Slow map", message: "On my phone", email: "driver@test.local" } });
    const mark = (body: unknown) =>
      call(
        markFeedbackRoute,
        send("PUT", `/api/etc/admin/feedback/${feedback.id}`, body, cookies.admin),
        params({ id: feedback.id }),
      );
    expect(await refusal(await mark({ read: "yes" }))).toEqual({
      key: "Api.badRequest",
      message: "Використовуйте true або false.",
      fields: { read: "Validation.flag" },
    });
    expect(await refusal(await mark({}))).toMatchObject({ fields: { read: "Validation.flag" } });
    expect(await (await getPrisma()).feedback.findUniqueOrThrow({ where: { id: feedback.id } })).toMatchObject({
      readAt: null,
    });
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

/** What a wrong value is answered with: 400, the field by its path, its translated message. */
const NOT_NUMBERS = [true, false, "3", "", [3], { value: 3 }, null];

describe("numbers in JSON bodies are JSON numbers", () => {
  it('a review\'s scores: true is no 1-star rating, "3" is no 3', async () => {
    const service = await makeService();
    const prisma = await getPrisma();
    const review = (rating: Record<string, unknown>) =>
      call(
        reviewRoute,
        send("POST", `/api/items/${service.id}/reviews`, { rating, comment: "" }, cookies.reviewer),
        params({ id: service.id }),
      );
    for (const [field, value] of NOT_NUMBERS.flatMap((value) =>
      ["quality", "speed", "price"].map((field) => [field, value] as const),
    )) {
      const answer = await refusal(await review({ quality: 4, speed: 4, price: 4, [field]: value }));
      expect(answer, `${field}: ${JSON.stringify(value)}`).toEqual({
        key: "Api.badRequest",
        message: "Оберіть оцінку від 1 до 5.",
        fields: { [`rating.${field}`]: "Validation.score" },
      });
    }
    expect(await prisma.review.count({ where: { serviceId: service.id } })).toBe(0);
    expect((await review({ quality: 3, speed: 4, price: 5 })).status).toBe(201);
  });

  it("experience on station and master bodies, new and changed, and on the admin's edit", async () => {
    const prisma = await getPrisma();
    const master = await makeService({ role: "mechanic" });
    const before = await prisma.service.findMany({
      select: { id: true, experience: true, updatedAt: true },
      orderBy: { id: "asc" },
    });
    const writes: [string, (value: unknown) => Promise<Response>][] = [
      [
        "POST sto-order",
        (value) =>
          call(
            createOrderRoute,
            send("POST", "/api/items/users/sto-order", { ...STATION_INPUT, experience: value }, cookies.owner),
          ),
      ],
      [
        "PUT sto-order",
        (value) =>
          call(
            updateOrderRoute,
            send("PUT", "/api/items/users/sto-order", { _id: stationId, experience: value }, cookies.owner),
          ),
      ],
      [
        "POST master",
        (value) =>
          call(
            registerMechanicRoute,
            send("POST", "/api/items/users", { ...STATION_INPUT, experience: value }, cookies.master),
          ),
      ],
      [
        "PUT own",
        (value) =>
          call(
            ownServiceRoute,
            send("PUT", `/api/items/users/${stationId}`, { experience: value }, cookies.owner),
            params({ id: stationId }),
          ),
      ],
      [
        "PUT admin",
        (value) =>
          call(
            adminServiceRoute,
            send("PUT", `/api/items/admin/${master.id}`, { experience: value }, cookies.admin),
            params({ id: master.id }),
          ),
      ],
    ];
    for (const [name, write] of writes) {
      for (const value of [...NOT_NUMBERS, "5", "7.5"]) {
        expect(await refusal(await write(value)), `${name}: ${JSON.stringify(value)}`).toEqual({
          key: "Api.badRequest",
          message: "Оберіть досвід зі списку.",
          fields: { experience: "Validation.experience" },
        });
      }
    }
    expect(
      await prisma.service.findMany({
        select: { id: true, experience: true, updatedAt: true },
        orderBy: { id: "asc" },
      }),
    ).toEqual(before);
  });
});

describe("an update's body is an object", () => {
  // 30,000 arrays deep: JSON.parse takes it, and nothing may read it as an empty update.
  const deep = "[".repeat(30_000) + "]".repeat(30_000);

  it("the admin's and the owner's service edits refuse null, a list, text and a deep nest as the other writes do", async () => {
    const prisma = await getPrisma();
    const master = await makeService({ role: "mechanic" });
    const raw = (method: string, path: string, text: string, cookie?: string) =>
      makeRequest(path, { method, headers: { "accept-language": "uk", ...(cookie ? { cookie } : {}) }, body: text });
    // The answer every other write gives a body that is no object (here: a new station order).
    const expected = await refusal(
      await call(createOrderRoute, raw("POST", "/api/items/users/sto-order", "null", cookies.owner)),
    );
    expect(expected).toEqual({
      key: "Api.badRequest",
      message: "Це значення неприпустиме.",
      fields: { body: "Validation.invalid" },
    });
    const before = await prisma.service.findMany({ orderBy: { id: "asc" } });
    for (const text of ["null", "[]", '"text"', "5", "true", '[{"name":"Нова назва"}]', deep]) {
      const admin = await call(
        adminServiceRoute,
        raw("PUT", `/api/items/admin/${master.id}`, text, cookies.admin),
        params({ id: master.id }),
      );
      expect(await refusal(admin), `admin ${text.slice(0, 30)}`).toEqual(expected);
      const own = await call(
        ownServiceRoute,
        raw("PUT", `/api/items/users/${stationId}`, text, cookies.owner),
        params({ id: stationId }),
      );
      expect(await refusal(own), `owner ${text.slice(0, 30)}`).toEqual(expected);
    }
    expect(await prisma.service.findMany({ orderBy: { id: "asc" } })).toEqual(before);
    expect(await prisma.auditLog.count({ where: { targetId: master.id } })).toBe(0);
  });
});
