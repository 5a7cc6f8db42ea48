import { beforeAll, describe, expect, it } from "vitest";

import type { InboxPage, RequestView } from "@/features/requests/answers";
import { getPrisma } from "@/lib/db/client";

import {
  answerAs,
  api,
  blockedPerson,
  inDays,
  mailsTo,
  person,
  requestBody,
  sendRequest,
  shop,
  uploadOf,
  validCar,
  type Person,
} from "./api";

/**
 * Requests for a price through their routes: the whole loop (a request to three services, two
 * answers and a decline, the driver's choice, the others told, the chosen shop seeing the driver),
 * who may call what, and what each side sees of the others.
 */
const DAY_MS = 86_400_000;

async function inboxOf(owner: Person, status = "all"): Promise<InboxPage> {
  const response = await api.inbox({ status }, owner.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxPage;
}

async function viewOf(id: string, driver: Person): Promise<RequestView> {
  const response = await api.detail(id, driver.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as RequestView;
}

describe("the whole loop", () => {
  it("three services asked: two answer, one declines, the driver accepts one, the others are told, the chosen one sees the driver", async () => {
    const prisma = await getPrisma();
    const driver = await person({ name: "Petro Driver" });
    const a = await shop({ name: "Autofix", locale: "uk", lat: 49.23, lng: 28.47 });
    const b = await shop({ name: "Brakes Pro", lat: 49.24, lng: 28.48 });
    const c = await shop({ name: "Corner Garage", lat: 49.25, lng: 28.49 });
    const photo = await uploadOf(driver.id);

    const sent = await api.create(
      requestBody([a.id, b.id, c.id], {
        job: "brake_pads",
        description: "Скрипить спереду",
        car: validCar,
        when: { from: inDays(2), to: inDays(4), partOfDay: "morning" },
        images: [photo],
        near: { lat: 49.22, lng: 28.47 },
      }),
      driver.cookie,
      { lng: "uk" },
    );
    expect(sent.status).toBe(201);
    const { _id: id } = (await sent.json()) as { _id: string };

    // Each owner is mailed in their own language, with a link to the inbox; the car is remembered.
    const [newToA] = await mailsTo(a.owner.email, "request.new");
    expect(newToA).toMatchObject({ locale: "uk", status: "pending" });
    expect(newToA!.subject).toBe("Новий запит ціни для Autofix: Заміна гальмівних колодок");
    expect(newToA!.text).toContain("/ua/requests/inbox");
    expect(newToA!.text).not.toContain(driver.email);
    expect((await mailsTo(b.owner.email, "request.new"))[0]!.subject).toBe(
      "A driver asks Brakes Pro for a price: Brake pads replacement",
    );
    expect((await mailsTo(c.owner.email, "request.new")).length).toBe(1);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: driver.id } })).lastCar).toEqual(validCar);

    // A shop's inbox: the job, car, time wanted, photo and distance, but not the driver.
    const newForB = await inboxOf(b.owner, "new");
    expect(newForB.total).toBe(1);
    expect(newForB.items[0]).toMatchObject({
      _id: id,
      serviceId: b.id,
      serviceName: "Brakes Pro",
      status: "sent",
      requestStatus: "open",
      job: "brake_pads",
      description: "Скрипить спереду",
      car: validCar,
      when: { from: inDays(2), to: inDays(4), partOfDay: "morning" },
      images: [photo],
      answer: null,
      driver: null,
    });
    expect(newForB.items[0]!.distanceKm).toBeGreaterThan(1);
    expect(await (await api.inboxCount(b.owner.cookie)).json()).toEqual({ new: 1, unread: { driver: 0, service: 0 } });

    const answerA = await answerAs(a.owner, id, a.id, {
      price: 1800,
      slot: new Date(Date.now() + DAY_MS).toISOString(),
      message: "Колодки є",
    });
    const answerB = await answerAs(b.owner, id, b.id, { priceFrom: 1500, priceTo: 2500, earliest: inDays(1) });
    const declineC = await answerAs(c.owner, id, c.id, { decline: true, message: "Немає часу" });

    // The driver hears of each, in the language they asked in.
    const answered = await mailsTo(driver.email, "request.answered");
    expect(answered.map((mail) => mail.subject)).toEqual([
      "Сервіс Autofix відповів на ваш запит: Заміна гальмівних колодок",
      "Сервіс Brakes Pro відповів на ваш запит: Заміна гальмівних колодок",
      "Сервіс Corner Garage відмовився від вашого запиту: Заміна гальмівних колодок",
    ]);
    expect(answered[0]!.text).toContain(`/ua/requests/${id}`);
    expect(await (await api.inboxCount(b.owner.cookie)).json()).toEqual({ new: 0, unread: { driver: 0, service: 0 } });

    // The driver compares all three side by side.
    const compared = await viewOf(id, driver);
    expect(compared.services.map((service) => [service.name, service.status])).toEqual([
      ["Autofix", "answered"],
      ["Brakes Pro", "answered"],
      ["Corner Garage", "declined"],
    ]);
    expect(compared.answers).toMatchObject([
      { _id: answerA, serviceId: a.id, price: 1800, decline: false },
      { _id: answerB, serviceId: b.id, priceFrom: 1500, priceTo: 2500, earliest: inDays(1), slot: null },
      { _id: declineC, serviceId: c.id, decline: true, price: null, message: "Немає часу" },
    ]);
    const mine = (await (await api.mine(driver.cookie)).json()) as RequestView[];
    expect(mine.map((request) => [request._id, request.answers.length])).toEqual([[id, 3]]);

    // A shop sees its own answer only, never another's nor who else was asked.
    const beforeChoice = (await inboxOf(b.owner)).items[0]!;
    expect(beforeChoice.answer).toMatchObject({ _id: answerB, priceFrom: 1500 });
    expect(JSON.stringify(beforeChoice)).not.toContain(answerA);
    expect(JSON.stringify(beforeChoice)).not.toContain(a.id);
    expect(JSON.stringify(beforeChoice)).not.toContain("Autofix");

    const accepted = await api.accept(id, { answerId: answerA }, driver.cookie);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ ok: true });

    // The chosen shop gets the driver's contacts; the one that answered too is told politely; the
    // one that declined hears nothing more.
    const [chosen] = await mailsTo(a.owner.email, "request.chosen");
    expect(chosen!.locale).toBe("uk");
    expect(chosen!.text).toContain("Petro Driver");
    expect(chosen!.text).toContain(driver.email);
    const [passed] = await mailsTo(b.owner.email, "request.passed");
    expect(passed!.subject).toBe("The driver chose another service: Brake pads replacement");
    expect(passed!.text).not.toContain(driver.email);
    expect(await mailsTo(c.owner.email, "request.passed")).toEqual([]);
    expect(await mailsTo(c.owner.email, "request.chosen")).toEqual([]);

    const chosenView = (await inboxOf(a.owner)).items[0]!;
    expect(chosenView).toMatchObject({ status: "chosen", requestStatus: "accepted" });
    expect(chosenView.driver).toEqual({ name: "Petro Driver", email: driver.email, phone: "" });
    expect((await inboxOf(b.owner)).items[0]).toMatchObject({ status: "passed", driver: null });
    expect((await inboxOf(c.owner)).items[0]).toMatchObject({ status: "declined", driver: null });
    expect(JSON.stringify(await inboxOf(b.owner))).not.toContain(driver.email);

    const after = await viewOf(id, driver);
    expect(after).toMatchObject({ status: "accepted", acceptedAnswerId: answerA });
    expect(after.services.map((service) => service.status)).toEqual(["chosen", "passed", "declined"]);

    // Acceptance issues no visit code: the job confirmed does (tests/integration/requests/job.test.ts).
    expect(await prisma.visitCode.count({ where: { quoteRequestId: id } })).toBe(0);

    // The chosen shop can call the visit off, with a reason the driver reads.
    const called = await api.cancel(id, { reason: "Захворів майстер", serviceId: a.id }, a.owner.cookie);
    expect(called.status).toBe(200);
    const [off] = await mailsTo(driver.email, "request.cancelledByShop");
    expect(off!.text).toContain("Захворів майстер");
    expect(off!.subject).toBe("Сервіс Autofix скасував ваш запит: Заміна гальмівних колодок");
    expect(await viewOf(id, driver)).toMatchObject({
      status: "cancelled",
      closedBy: "shop",
      closeReason: "Захворів майстер",
    });
    expect((await inboxOf(a.owner)).items[0]).toMatchObject({ status: "cancelled", driver: null });
  });

  it("measures distances from the driver's point when one is given, else gives none", async () => {
    const driver = await person();
    const first = await shop({ lat: 50.45, lng: 30.52 });
    const second = await shop({ lat: 50.45, lng: 30.66 });
    const noPoint = await viewOf(await sendRequest(driver, [first.id, second.id]), driver);
    expect(noPoint.services.map((service) => service.distanceKm)).toEqual([null, null]);
    const other = await person();
    const fromPoint = await viewOf(
      await sendRequest(other, [first.id, second.id], { near: { lat: 50.45, lng: 30.59 } }),
      other,
    );
    expect(fromPoint.services.map((service) => service.distanceKm)).toEqual([5, 5]);
  });

  it("a driver cancelling tells every service still in the request, not the one that declined", async () => {
    const driver = await person();
    const [a, b, c] = await Promise.all([shop(), shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id, c.id]);
    await answerAs(b.owner, id, b.id, { price: 900 });
    await answerAs(c.owner, id, c.id, { decline: true });
    const response = await api.cancel(id, { reason: "Already fixed" }, driver.cookie);
    expect(response.status).toBe(200);
    expect((await mailsTo(a.owner.email, "request.cancelledByDriver"))[0]!.text).toContain("Reason: Already fixed");
    expect((await mailsTo(b.owner.email, "request.cancelledByDriver")).length).toBe(1);
    expect(await mailsTo(c.owner.email, "request.cancelledByDriver")).toEqual([]);
    expect((await viewOf(id, driver)).services.map((service) => service.status)).toEqual([
      "cancelled",
      "cancelled",
      "declined",
    ]);
    // Closed means closed: no late answer, no acceptance, no second cancel.
    expect((await api.answer(id, { serviceId: a.id, price: 100 }, a.owner.cookie)).status).toBe(409);
    const again = await api.cancel(id, { reason: "Twice" }, driver.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).key).toBe("Requests.notCancellable");
  });
});

describe("who may call what", () => {
  let driver: Person;
  let otherDriver: Person;
  let admin: Person;
  let blocked: Person;
  let chosenShop: Awaited<ReturnType<typeof shop>>;
  let otherShop: Awaited<ReturnType<typeof shop>>;
  let outsideShop: Awaited<ReturnType<typeof shop>>;
  let id = "";
  let answerId = "";

  beforeAll(async () => {
    [driver, otherDriver, admin, blocked] = await Promise.all([
      person(),
      person(),
      person({ isAdmin: true }),
      blockedPerson(),
    ]);
    [chosenShop, otherShop, outsideShop] = await Promise.all([shop(), shop(), shop()]);
    id = await sendRequest(driver, [chosenShop.id, otherShop.id]);
    answerId = await answerAs(chosenShop.owner, id, chosenShop.id, { price: 1000 });
    await answerAs(otherShop.owner, id, otherShop.id, { price: 1200 });
    expect((await api.accept(id, { answerId }, driver.cookie)).status).toBe(200);
  });

  const roles = () => ({
    anonymous: undefined,
    blocked: blocked.cookie,
    driver: driver.cookie,
    otherDriver: otherDriver.cookie,
    chosenOwner: chosenShop.owner.cookie,
    otherOwner: otherShop.owner.cookie,
    outsideOwner: outsideShop.owner.cookie,
    admin: admin.cookie,
  });
  type Role = keyof ReturnType<typeof roles>;
  const statuses = async (send: (cookie: string | undefined, role: Role) => Promise<Response>) => {
    const result: Partial<Record<Role, number>> = {};
    for (const [role, cookie] of Object.entries(roles()) as [Role, string | undefined][])
      result[role] = (await send(cookie, role)).status;
    return result;
  };

  it("GET /api/requests/{id}: the driver and an admin; everyone else finds nothing", async () => {
    expect(await statuses((cookie) => api.detail(id, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 404,
      chosenOwner: 404,
      otherOwner: 404,
      outsideOwner: 404,
      admin: 200,
    });
    const asAdmin = await (await api.detail(id, admin.cookie)).json();
    expect(asAdmin.driver).toEqual({ name: driver.name, email: driver.email });
    expect(asAdmin.answers).toHaveLength(2);
    expect((await (await api.detail(id, driver.cookie)).json()).driver).toBeUndefined();
  });

  it("GET /api/requests/mine: only one's own requests", async () => {
    expect(await statuses((cookie) => api.mine(cookie))).toMatchObject({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 200,
      admin: 200,
    });
    expect(((await (await api.mine(driver.cookie)).json()) as RequestView[]).map((request) => request._id)).toContain(
      id,
    );
    for (const cookie of [otherDriver.cookie, chosenShop.owner.cookie, admin.cookie])
      expect(((await (await api.mine(cookie)).json()) as RequestView[]).map((request) => request._id)).not.toContain(
        id,
      );
  });

  it("GET /api/requests/inbox and /count: signed in; a shop sees its own side only, the chosen one the driver", async () => {
    expect(await statuses((cookie) => api.inbox({ status: "all" }, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 200,
      chosenOwner: 200,
      otherOwner: 200,
      outsideOwner: 200,
      admin: 200,
    });
    expect(await statuses((cookie) => api.inboxCount(cookie))).toMatchObject({
      anonymous: 401,
      blocked: 401,
      driver: 200,
    });
    const items = async (cookie: string) =>
      ((await (await api.inbox({ status: "all" }, cookie)).json()) as InboxPage).items;
    expect(await items(driver.cookie)).toEqual([]);
    expect(await items(admin.cookie)).toEqual([]);
    expect(await items(outsideShop.owner.cookie)).toEqual([]);
    expect((await items(chosenShop.owner.cookie))[0]!.driver).toEqual({
      name: driver.name,
      email: driver.email,
      phone: "",
    });
    const passed = (await items(otherShop.owner.cookie))[0]!;
    expect(passed.driver).toBeNull();
    expect(passed.answer?.price).toBe(1200);
    expect(JSON.stringify(passed)).not.toContain(answerId);
    expect(await (await api.inboxCount(driver.cookie)).json()).toEqual({ new: 0, unread: { driver: 0, service: 0 } });
  });

  it("GET /api/requests/suggest: signed in", async () => {
    expect(
      await statuses((cookie) => api.suggest({ serviceId: chosenShop.id, job: "brake_pads" }, cookie)),
    ).toMatchObject({ anonymous: 401, blocked: 401, driver: 200, outsideOwner: 200, admin: 200 });
  });

  it("POST /api/requests: any signed-in person, never to their own service", async () => {
    const target = await shop();
    expect(await statuses((cookie) => api.create(requestBody([target.id, outsideShop.id]), cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 201,
      otherDriver: 201,
      chosenOwner: 201,
      otherOwner: 201,
      outsideOwner: 400,
      admin: 201,
    });
    const own = await api.create(requestBody([target.id, outsideShop.id]), outsideShop.owner.cookie);
    expect((await own.json()).errors).toEqual({
      serviceIds: { key: "Requests.ownService", message: "You cannot ask your own service for a price." },
    });
  });

  it("POST /api/requests/{id}/answers: only the owner of a service the request went to", async () => {
    const fresh = await sendRequest(await person(), [chosenShop.id, otherShop.id]);
    const send = (serviceId: string) => (cookie: string | undefined) =>
      api.answer(fresh, { serviceId, price: 700 }, cookie);
    // Answering for the chosen shop's service: only its owner gets through (the rest: not theirs).
    expect(await statuses(send(chosenShop.id))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 403,
      otherDriver: 403,
      chosenOwner: 201,
      otherOwner: 403,
      outsideOwner: 403,
      admin: 403,
    });
    // A service the request did not go to finds nothing, even for its owner.
    expect((await send(outsideShop.id)(outsideShop.owner.cookie)).status).toBe(404);
    // The accepted request takes no more answers.
    expect((await send(otherShop.id)(otherShop.owner.cookie)).status).toBe(201);
    const late = await api.answer(id, { serviceId: chosenShop.id, price: 1 }, chosenShop.owner.cookie);
    expect(late.status).toBe(409);
  });

  it("POST /api/requests/{id}/accept: only the driver", async () => {
    const asker = await person();
    const fresh = await sendRequest(asker, [outsideShop.id]);
    const answer = await answerAs(outsideShop.owner, fresh, outsideShop.id, { price: 500 });
    expect(await statuses((cookie) => api.accept(fresh, { answerId: answer }, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 404,
      otherDriver: 404,
      chosenOwner: 404,
      otherOwner: 404,
      outsideOwner: 404,
      admin: 404,
    });
    expect((await api.accept(fresh, { answerId: answer }, asker.cookie)).status).toBe(200);
    // Once accepted, not again.
    const twice = await api.accept(fresh, { answerId: answer }, asker.cookie);
    expect(twice.status).toBe(409);
    expect((await twice.json()).key).toBe("Requests.notOpen");
  });

  it("POST /api/requests/{id}/cancel: the driver, or the chosen shop naming its service", async () => {
    const asker = await person();
    const fresh = await sendRequest(asker, [chosenShop.id, otherShop.id]);
    const chosenAnswer = await answerAs(chosenShop.owner, fresh, chosenShop.id, { price: 800 });
    expect((await api.accept(fresh, { answerId: chosenAnswer }, asker.cookie)).status).toBe(200);
    const tries = {
      anonymous: await api.cancel(fresh, { reason: "x" }),
      blocked: await api.cancel(fresh, { reason: "x" }, blocked.cookie),
      driverOfAnother: await api.cancel(fresh, { reason: "x" }, driver.cookie),
      passedShop: await api.cancel(fresh, { reason: "x", serviceId: otherShop.id }, otherShop.owner.cookie),
      shopNamingAnother: await api.cancel(fresh, { reason: "x", serviceId: chosenShop.id }, otherShop.owner.cookie),
      outsideShop: await api.cancel(fresh, { reason: "x", serviceId: outsideShop.id }, outsideShop.owner.cookie),
      chosenWithoutService: await api.cancel(fresh, { reason: "x" }, chosenShop.owner.cookie),
      admin: await api.cancel(fresh, { reason: "x" }, admin.cookie),
    };
    expect(Object.fromEntries(Object.entries(tries).map(([who, response]) => [who, response.status]))).toEqual({
      anonymous: 401,
      blocked: 401,
      driverOfAnother: 404,
      passedShop: 403,
      shopNamingAnother: 404,
      outsideShop: 404,
      chosenWithoutService: 404,
      admin: 404,
    });
    expect((await tries.passedShop.json()).key).toBe("Requests.onlyChosenCancels");
    await expect((await getPrisma()).quoteRequest.findUniqueOrThrow({ where: { id: fresh } })).resolves.toMatchObject({
      status: "accepted",
    });
    expect((await api.cancel(fresh, { reason: "Changed my mind" }, asker.cookie)).status).toBe(200);
    // Every service still in it is told; the chosen one's view of the driver ends.
    expect((await mailsTo(chosenShop.owner.email, "request.cancelledByDriver")).length).toBeGreaterThan(0);
  });

  it("GET /api/items/admin/requests and POST …/{id}/close: admins only", async () => {
    expect(await statuses((cookie) => api.adminList({}, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 403,
      otherDriver: 403,
      chosenOwner: 403,
      otherOwner: 403,
      outsideOwner: 403,
      admin: 200,
    });
    const fresh = await sendRequest(await person(), [outsideShop.id]);
    // Everyone but the admin is refused before the admin (last) closes it.
    expect(await statuses((cookie) => api.adminClose(fresh, { reason: "Spam" }, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 403,
      otherDriver: 403,
      chosenOwner: 403,
      otherOwner: 403,
      outsideOwner: 403,
      admin: 200,
    });
  });
});

describe("the admin", () => {
  it("lists requests newest first with their services and answer counts, by status, paged", async () => {
    const admin = await person({ isAdmin: true });
    const driver = await person();
    const [a, b, c] = await Promise.all([shop({ name: "Alpha" }), shop({ name: "Beta" }), shop({ name: "Gamma" })]);
    const older = await sendRequest(driver, [a.id, b.id]);
    await answerAs(a.owner, older, a.id, { price: 100 });
    const newer = await sendRequest(driver, [c.id], { job: "oil_change" });
    const list = await (await api.adminList({}, admin.cookie)).json();
    expect(list.page).toBe(1);
    const ours = list.requests.filter((row: { _id: string }) => [older, newer].includes(row._id));
    expect(ours).toEqual([
      {
        _id: newer,
        status: "open",
        job: "oil_change",
        createdAt: expect.any(String),
        driverEmail: driver.email,
        services: [{ serviceId: c.id, name: "Gamma", status: "sent" }],
        answers: 0,
      },
      {
        _id: older,
        status: "open",
        job: "brake_pads",
        createdAt: expect.any(String),
        driverEmail: driver.email,
        services: [
          { serviceId: a.id, name: "Alpha", status: "answered" },
          { serviceId: b.id, name: "Beta", status: "sent" },
        ],
        answers: 1,
      },
    ]);
    const refused = await api.adminList({ status: "lost" }, admin.cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.status.key).toBe("Requests.statusFilter");
    expect((await api.adminList({ page: "99" }, admin.cookie)).status).toBe(400);

    // Closing: the driver and every service still in it are told why; audited; closed stays closed.
    const closed = await api.adminClose(older, { reason: "Looks like spam" }, admin.cookie);
    expect(closed.status).toBe(200);
    expect((await mailsTo(driver.email, "request.closedByAdmin"))[0]!.text).toContain("Looks like spam");
    expect((await mailsTo(a.owner.email, "request.closedByAdmin")).length).toBe(1);
    expect((await mailsTo(b.owner.email, "request.closedByAdmin")).length).toBe(1);
    const cancelled = await (await api.adminList({ status: "cancelled" }, admin.cookie)).json();
    expect(cancelled.requests.map((row: { _id: string }) => row._id)).toContain(older);
    expect(cancelled.requests.map((row: { _id: string }) => row._id)).not.toContain(newer);
    const audit = await (await getPrisma()).auditLog.findFirst({ where: { targetId: older } });
    expect(audit).toMatchObject({ actorId: admin.id, action: "request.close", targetType: "request" });
    expect((await api.adminClose(older, { reason: "Again" }, admin.cookie)).status).toBe(409);
    expect((await api.adminClose("01890000-0000-7000-8000-000000000000", { reason: "x" }, admin.cookie)).status).toBe(
      404,
    );
    const noReason = await api.adminClose(newer, { reason: "" }, admin.cookie);
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors.reason.key).toBe("Requests.reason");
  });
});

describe("suggestions", () => {
  it("services within 25 km that list the job, best rated first, then nearest; never the start, one's own, an unpublished or ownerless place", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const start = await shop({ lat: 50.0, lng: 30.0, prices: { oil_change: 600 } });
    const best = await shop({
      name: "Best",
      lat: 50.1,
      lng: 30.0,
      prices: { oil_change: 900 },
      ratings: { ratingAvg: 4.9, numReviews: 40 },
    });
    const near = await shop({ name: "Near", lat: 50.01, lng: 30.0, prices: { oil_change: 700 } });
    const nearer = await shop({ name: "Nearer", lat: 50.001, lng: 30.0, prices: { oil_change: 650, brake_pads: 1 } });
    await shop({ name: "No oil", lat: 50.01, lng: 30.01, prices: { brake_pads: 1200 } });
    await shop({ name: "Far", lat: 50.5, lng: 30.0, prices: { oil_change: 500 } });
    await shop({ name: "Own", owner: driver, lat: 50.01, lng: 30.0, prices: { oil_change: 500 } });
    const blockedShop = await shop({ name: "Blocked", lat: 50.01, lng: 30.0, prices: { oil_change: 500 } });
    await prisma.service.update({ where: { id: blockedShop.id }, data: { isBlocked: true } });
    const ownerless = await shop({ name: "Ownerless", lat: 50.01, lng: 30.0, prices: { oil_change: 500 } });
    await prisma.service.update({
      where: { id: ownerless.id },
      data: { ownerId: null, claimed: false, isPaid: false },
    });

    // The driver standing at the start: distances are from them (tests/integration/requests/driver-point.test.ts).
    const response = await api.suggest({ serviceId: start.id, job: "oil_change", lat: "50", lng: "30" }, driver.cookie);
    expect(response.status).toBe(200);
    const suggested = await response.json();
    expect(suggested.map((row: { name: string }) => row.name)).toEqual(["Best", "Nearer", "Near"]);
    expect(suggested[0]).toMatchObject({
      serviceId: best.id,
      price: 900,
      ratingAvg: 4.9,
      numReviews: 40,
      distanceKm: 11.1,
    });
    expect(suggested[1]).toMatchObject({ serviceId: nearer.id, price: 650, distanceKm: 0.1 });
    expect(suggested[2]).toMatchObject({ serviceId: near.id, responseTime: null, responseRate: null, image: null });

    // A point instead of a service, and "custom": every service near, none with a price.
    const custom = await (await api.suggest({ lat: "50.0", lng: "30.0", job: "custom" }, driver.cookie)).json();
    const names = custom.map((row: { name: string }) => row.name);
    expect(names).toEqual(expect.arrayContaining(["Best", "Nearer", "Near", "No oil"]));
    expect(names).not.toContain("Own");
    expect(custom.every((row: { price: number | null }) => row.price === null)).toBe(true);

    const bad = await api.suggest({ job: "oil_change" }, driver.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.serviceId.key).toBe("Requests.suggestWhere");
    const gone = await api.suggest({ serviceId: blockedShop.id, job: "oil_change" }, driver.cookie);
    expect((await gone.json()).errors.serviceId.key).toBe("Requests.serviceGone");
  });
});

describe("the inbox", () => {
  it("new: not answered and still open; all: everything, paged, newest first", async () => {
    const owner = await person();
    const mineA = await shop({ owner });
    const mineB = await shop({ owner });
    const drivers = await Promise.all([person(), person(), person()]);
    // For certain days: one wanted as soon as possible goes first while it waits (asap.test.ts).
    const later = { when: { from: inDays(2), to: inDays(3) } };
    const first = await sendRequest(drivers[0]!, [mineA.id], later);
    const second = await sendRequest(drivers[1]!, [mineA.id, mineB.id], later);
    const third = await sendRequest(drivers[2]!, [mineB.id], later);
    await answerAs(owner, first, mineA.id, { message: "Call us on 067 000 00 00" });
    // A request past its time waits for the job to close it, but is no longer new.
    await (
      await getPrisma()
    ).quoteRequest.update({ where: { id: third }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const fresh = await inboxOf(owner, "new");
    expect(fresh.items.map((item) => [item._id, item.serviceId])).toEqual([
      [second, mineA.id],
      [second, mineB.id],
    ]);
    expect(await (await api.inboxCount(owner.cookie)).json()).toEqual({ new: 2, unread: { driver: 0, service: 0 } });
    const all = await inboxOf(owner, "all");
    expect(all).toMatchObject({ total: 4, page: 1, pages: 1 });
    expect(all.items.map((item) => item._id)).toEqual([third, second, second, first]);
    const late = await api.answer(third, { serviceId: mineB.id, price: 10 }, owner.cookie);
    expect(late.status).toBe(409);
    expect((await late.json()).key).toBe("Requests.notOpen");
    const defaults = (await (await api.inbox({}, owner.cookie)).json()) as InboxPage;
    expect(defaults.total).toBe(2);
    expect((await api.inbox({ page: "2" }, owner.cookie)).status).toBe(400);
    const bad = await api.inbox({ status: "old" }, owner.cookie);
    expect((await bad.json()).errors.status.key).toBe("Requests.inboxFilter");
  });

  it("a blocked or unpublished service cannot answer", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    await prisma.service.update({ where: { id: a.id }, data: { isBlocked: true } });
    await prisma.service.update({ where: { id: b.id }, data: { isPaid: false } });
    for (const [service, owner] of [
      [a, a.owner],
      [b, b.owner],
    ] as const) {
      const response = await api.answer(id, { serviceId: service.id, price: 100 }, owner.cookie);
      expect(response.status).toBe(403);
      expect((await response.json()).key).toBe("Requests.serviceUnavailable");
    }
    expect(await prisma.quoteAnswer.count({ where: { requestId: id } })).toBe(0);
  });
});

describe("the inbox at one request (the link of a mail about it)", () => {
  it("lists that request's rows for the viewer's services only, whatever their state; another's request is none; a bad id a 400", async () => {
    const driver = await person();
    const garage = await shop();
    const other = await shop();
    const [first, second] = [
      await sendRequest(driver, [garage.id, other.id]),
      await sendRequest(await person(), [garage.id]),
    ];
    await answerAs(garage.owner, first, garage.id, { price: 800 });
    const only = await api.inbox({ request: first.toUpperCase() }, garage.owner.cookie);
    expect(only.status).toBe(200);
    const page = (await only.json()) as { items: { _id: string; serviceId: string }[] };
    // Answered, so not on the New tab, yet shown: the one request, for this owner's service only.
    expect(page.items.map((item) => [item._id, item.serviceId])).toEqual([[first, garage.id]]);
    expect(((await (await api.inbox({}, garage.owner.cookie)).json()) as { items: unknown[] }).items).toHaveLength(1);
    const none = (await (await api.inbox({ request: second }, other.owner.cookie)).json()) as { items: unknown[] };
    expect(none.items).toEqual([]);
    const bad = await api.inbox({ request: "not-an-id" }, garage.owner.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.request.key).toBe("Requests.inboxRequest");
  });
});
