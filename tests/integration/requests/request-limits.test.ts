import { describe, expect, it } from "vitest";

import { getPrisma } from "@/lib/db/client";
import { take } from "@/lib/security/rate-limit";

import { answerAs, api, inDays, mailsTo, person, requestBody, sendRequest, shop, uploadOf, type Person } from "./api";

/**
 * The limits of requests for a price: how many services, one open request per service, open
 * requests at once, the throttles per driver, address and service, one answer per service, what
 * can be accepted and cancelled; each field's translated 400; and a failure half-way through a
 * write that leaves nothing behind.
 */
type Answer = { key?: string; message?: string; errors?: Record<string, { key: string; message: string }> };
const SOME_ID = "01890000-0000-7000-8000-000000000000";

async function requestCount(driver: Person) {
  return (await getPrisma()).quoteRequest.count({ where: { driverId: driver.id } });
}

describe("how many, how often", () => {
  it("at most 5 services in one request", async () => {
    const driver = await person();
    const services = await Promise.all(Array.from({ length: 6 }, () => shop()));
    const response = await api.create(requestBody(services.map((service) => service.id)), driver.cookie);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer).errors?.serviceIds?.key).toBe("Requests.tooManyServices");
    expect(
      await sendRequest(
        driver,
        services.slice(0, 5).map((service) => service.id),
      ),
    ).toBeTruthy();
  });

  it("one open request per service: a second is a 409 until the first is closed", async () => {
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const first = await sendRequest(driver, [a.id]);
    const again = await api.create(requestBody([b.id, a.id]), driver.cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Answer).key).toBe("Requests.alreadyAsked");
    expect(await requestCount(driver)).toBe(1);
    expect(await mailsTo(b.owner.email, "request.new")).toEqual([]);
    expect((await api.cancel(first, { reason: "Wrong car" }, driver.cookie)).status).toBe(200);
    expect(await sendRequest(driver, [b.id, a.id])).toBeTruthy();
  });

  it("two tabs sending the same request at once make one request", async () => {
    const driver = await person();
    const a = await shop();
    const answers = await Promise.all([1, 2, 3].map(() => api.create(requestBody([a.id]), driver.cookie)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await requestCount(driver)).toBe(1);
    expect((await mailsTo(a.owner.email, "request.new")).length).toBe(1);
  });

  it("at most 5 open requests at once", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const services = await Promise.all(Array.from({ length: 6 }, () => shop()));
    // Sent over the last days: the daily throttle is not what stops the sixth.
    for (const service of services.slice(0, 5)) await sendRequest(driver, [service.id]);
    await prisma.throttle.deleteMany({ where: { key: { startsWith: "quoteRequest:" } } });
    const sixth = await api.create(requestBody([services[5]!.id]), driver.cookie);
    expect(sixth.status).toBe(409);
    expect(((await sixth.json()) as Answer).key).toBe("Requests.tooManyOpen");
    expect(await requestCount(driver)).toBe(5);
  });

  it("at most 5 new requests a day per driver, even when some were cancelled", async () => {
    const driver = await person();
    const services = await Promise.all(Array.from({ length: 6 }, () => shop()));
    const ids = [];
    for (const service of services.slice(0, 5)) ids.push(await sendRequest(driver, [service.id]));
    expect((await api.cancel(ids[0]!, { reason: "Sorted" }, driver.cookie)).status).toBe(200);
    const sixth = await api.create(requestBody([services[5]!.id]), driver.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await sixth.json()) as Answer).key).toBe("Requests.dailyLimit");
    expect(await requestCount(driver)).toBe(5);
  });

  it("at most 20 new requests an hour from one client address, whoever sends them", async () => {
    const services = await Promise.all(Array.from({ length: 5 }, () => shop()));
    const ip = "10.94.0.1";
    for (let n = 0; n < 4; n++) {
      const driver = await person();
      for (const service of services) {
        const response = await api.create(requestBody([service.id]), driver.cookie, { ip });
        expect(response.status).toBe(201);
      }
    }
    const late = await person();
    const refused = await api.create(requestBody([services[0]!.id]), late.cookie, { ip });
    expect(refused.status).toBe(429);
    expect(await requestCount(late)).toBe(0);
    expect((await api.create(requestBody([services[0]!.id]), late.cookie, { ip: "10.94.0.2" })).status).toBe(201);
  });

  it("at most 30 new requests a day to one service: a flood is refused for that service, naming it", async () => {
    const busy = await shop();
    const quiet = await shop();
    // 29 other drivers asked today (counted as the route counts them); the 30th still gets through.
    for (let n = 0; n < 29; n++) await take("quoteInbound", busy.id);
    expect(await sendRequest(await person(), [busy.id])).toBeTruthy();
    const driver = await person();
    const refused = await api.create(requestBody([quiet.id, busy.id]), driver.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Answer).key).toBe("Requests.serviceBusy");
    expect(await requestCount(driver)).toBe(0);
    expect(await mailsTo(quiet.owner.email, "request.new")).toEqual([]);
    // Other services are not held up by the busy one.
    expect(await sendRequest(driver, [quiet.id])).toBeTruthy();
  });
});

describe("answers", () => {
  it("each service answers once; two answers at once make one", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const both = await Promise.all([
      api.answer(id, { serviceId: a.id, price: 1000 }, a.owner.cookie),
      api.answer(id, { serviceId: a.id, decline: true }, a.owner.cookie),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const again = await api.answer(id, { serviceId: a.id, price: 900 }, a.owner.cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Answer).key).toBe("Requests.alreadyAnswered");
    expect(await (await getPrisma()).quoteAnswer.count({ where: { requestId: id } })).toBe(1);
    expect((await mailsTo(driver.email, "request.answered")).length).toBe(1);
  });

  it("at most 60 answers an hour per account", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    for (let n = 0; n < 60; n++) await take("quoteAnswer", a.owner.id);
    const refused = await api.answer(id, { serviceId: a.id, price: 1000 }, a.owner.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Answer).key).toBe("Requests.tooManyAnswers");
    expect(await (await getPrisma()).quoteAnswer.count({ where: { requestId: id } })).toBe(0);
  });

  it("records when the service first answered, for its response time", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const before = Date.now();
    await answerAs(a.owner, id, a.id, { decline: true });
    const target = await (await getPrisma()).quoteTarget.findFirstOrThrow({ where: { requestId: id } });
    expect(target.status).toBe("declined");
    expect(target.answeredAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("accepting", () => {
  it("only an answer of this request, and never a decline", async () => {
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const decline = await answerAs(a.owner, id, a.id, { decline: true });
    const other = await sendRequest(await person(), [b.id]);
    const foreign = await answerAs(b.owner, other, b.id, { price: 500 });

    const declined = await api.accept(id, { answerId: decline }, driver.cookie);
    expect(declined.status).toBe(400);
    expect(((await declined.json()) as Answer).errors?.answerId?.key).toBe("Requests.answerDeclined");
    const elsewhere = await api.accept(id, { answerId: foreign }, driver.cookie);
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as Answer).errors?.answerId?.key).toBe("Requests.answerGone");
    const unknown = await api.accept(id, { answerId: SOME_ID }, driver.cookie);
    expect(((await unknown.json()) as Answer).errors?.answerId?.key).toBe("Requests.answerGone");
    const stored = await (await getPrisma()).quoteRequest.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ status: "open", acceptedAnswerId: null });
    expect(await (await getPrisma()).visitCode.count({ where: { quoteRequestId: id } })).toBe(0);
  });

  it("an accepted request takes no more answers and is not accepted twice", async () => {
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 500 });
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    const late = await api.answer(id, { serviceId: b.id, price: 400 }, b.owner.cookie);
    expect(late.status).toBe(409);
    expect(((await late.json()) as Answer).key).toBe("Requests.notOpen");
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(409);
  });
});

describe("cancelling", () => {
  it("needs a reason of 1 to 500 characters", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(501) }, { reason: 5 }]) {
      const response = await api.cancel(id, body, driver.cookie);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Answer).errors?.reason?.key).toBe("Requests.reason");
    }
    expect((await (await getPrisma()).quoteRequest.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    expect((await api.cancel(id, { reason: "x".repeat(500) }, driver.cookie)).status).toBe(200);
  });

  it("the chosen shop cancels only an accepted request, naming its service", async () => {
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 500 });
    const early = await api.cancel(id, { reason: "Busy", serviceId: a.id }, a.owner.cookie);
    expect(early.status).toBe(403);
    expect(((await early.json()) as Answer).key).toBe("Requests.onlyChosenCancels");
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    const passed = await api.cancel(id, { reason: "Busy", serviceId: b.id }, b.owner.cookie);
    expect(passed.status).toBe(403);
    expect((await api.cancel(id, { reason: "Busy", serviceId: a.id }, a.owner.cookie)).status).toBe(200);
    const again = await api.cancel(id, { reason: "Busy", serviceId: a.id }, a.owner.cookie);
    expect(again.status).toBe(409);
  });
});

describe("bad input", () => {
  it("each field of a request is refused with a 400 naming it, translated, never a 500", async () => {
    const driver = await person();
    const a = await shop();
    const stranger = await person();
    const foreignPhoto = await uploadOf(stranger.id);
    const unclaimed = await shop();
    await (
      await getPrisma()
    ).service.update({
      where: { id: unclaimed.id },
      data: { ownerId: null, claimed: false, isPaid: false },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ serviceIds: [] }, "serviceIds", "Requests.servicesRequired"],
      [{ serviceIds: "x" }, "serviceIds", "Requests.servicesRequired"],
      [{ serviceIds: [a.id, a.id] }, "serviceIds", "Requests.servicesDuplicate"],
      [{ serviceIds: ["nope"] }, "serviceIds.0", "Requests.serviceGone"],
      [{ serviceIds: [SOME_ID] }, "serviceIds", "Requests.serviceGone"],
      [{ serviceIds: [unclaimed.id] }, "serviceIds", "Requests.serviceCannotAnswer"],
      [{ job: "painting" }, "job", "Requests.job"],
      [{ job: "custom", description: "help" }, "description", "Requests.descriptionRequired"],
      [{ description: "x".repeat(1001) }, "description", "Requests.descriptionTooLong"],
      [{ car: "Skoda" }, "car", "Requests.car"],
      [{ car: { make: "Tesla", model: "3", year: 2020, fuel: "electric" } }, "car.make", "Requests.carMake"],
      [{ car: { make: "Skoda", model: "", year: 2020, fuel: "petrol" } }, "car.model", "Requests.carModel"],
      [{ car: { make: "Skoda", model: "Fabia", year: 1900, fuel: "petrol" } }, "car.year", "Requests.carYear"],
      [{ car: { make: "Skoda", model: "Fabia", year: "2015", fuel: "petrol" } }, "car.year", "Requests.carYear"],
      [{ car: { make: "Skoda", model: "Fabia", year: 2015, fuel: "wood" } }, "car.fuel", "Requests.carFuel"],
      [{ when: null }, "when", "Requests.when"],
      [{ when: { from: inDays(3) } }, "when.to", "Requests.when"],
      [{ when: { from: "31.12.2026", to: inDays(3) } }, "when.from", "Requests.date"],
      [{ when: { from: inDays(-2), to: inDays(3) } }, "when.from", "Requests.datePast"],
      [{ when: { from: inDays(3), to: inDays(120) } }, "when.to", "Requests.whenTooFar"],
      [{ when: { from: inDays(5), to: inDays(3) } }, "when.to", "Requests.whenOrder"],
      [{ when: { from: inDays(3), to: inDays(5), partOfDay: "night" } }, "when.partOfDay", "Requests.partOfDay"],
      [{ images: [foreignPhoto] }, "images", "Validation.imageForeign"],
      [{ images: ["https://example.com/a.png"] }, "images", "Validation.imageForeign"],
      [{ images: [1, 2, 3, 4].map(() => `/api/uploads/${SOME_ID}`) }, "images", "Requests.imagesMax"],
      [{ near: { lat: 100, lng: 30 } }, "near.lat", "Validation.latitude"],
      [{ near: "here" }, "near", "Validation.coordinates"],
    ];
    const problems: string[] = [];
    for (const [change, field, key] of cases) {
      const response = await api.create(requestBody([a.id], change), driver.cookie, { lng: "uk" });
      const body = (await response.json()) as Answer;
      const error = body.errors?.[field];
      if (response.status !== 400) problems.push(`${JSON.stringify(change)}: ${response.status}`);
      else if (error?.key !== key) problems.push(`${JSON.stringify(change)}: ${JSON.stringify(body.errors)}`);
      else if (!error.message || error.message === key) problems.push(`${JSON.stringify(change)}: untranslated`);
    }
    expect(problems).toEqual([]);
    expect(await requestCount(driver)).toBe(0);
    const missing = await api.create("not json", driver.cookie);
    expect(missing.status).toBe(400);
  });

  it("each field of an answer is refused with a 400 naming it", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ serviceId: "x", price: 1 }, "serviceId", "Requests.serviceRequired"],
      [{}, "price", "Requests.answerEmpty"],
      [{ price: 0 }, "price", "Requests.price"],
      [{ price: 1.5 }, "price", "Requests.price"],
      [{ price: "100" }, "price", "Requests.price"],
      [{ price: 200_001 }, "price", "Requests.price"],
      [{ price: 100, priceFrom: 50, priceTo: 150 }, "priceFrom", "Requests.priceOrRange"],
      [{ priceFrom: 100 }, "priceTo", "Requests.priceRange"],
      [{ priceFrom: 300, priceTo: 100 }, "priceTo", "Requests.priceRangeOrder"],
      [{ slot: "tomorrow" }, "slot", "Requests.slot"],
      [{ slot: new Date(Date.now() - 60_000).toISOString() }, "slot", "Requests.slotPast"],
      [{ slot: new Date(Date.now() + 400 * 86_400_000).toISOString() }, "slot", "Requests.answerTooFar"],
      [{ earliest: inDays(-2) }, "earliest", "Requests.datePast"],
      [{ slot: soon, earliest: inDays(2) }, "earliest", "Requests.slotOrEarliest"],
      [{ message: "x".repeat(1001) }, "message", "Requests.messageTooLong"],
      [{ decline: "yes" }, "decline", "Validation.flag"],
      [{ decline: true, price: 100 }, "price", "Requests.declineOnly"],
    ];
    const problems: string[] = [];
    for (const [change, field, key] of cases) {
      const response = await api.answer(id, { serviceId: a.id, ...change }, a.owner.cookie);
      const body = (await response.json()) as Answer;
      if (response.status !== 400) problems.push(`${JSON.stringify(change)}: ${response.status}`);
      else if (body.errors?.[field]?.key !== key)
        problems.push(`${JSON.stringify(change)}: ${JSON.stringify(body.errors)}`);
    }
    expect(problems).toEqual([]);
    expect(await (await getPrisma()).quoteAnswer.count({ where: { requestId: id } })).toBe(0);
    // Not an id at all: nothing to find.
    expect((await api.answer("nope", { serviceId: a.id, price: 1 }, a.owner.cookie)).status).toBe(404);
    expect((await api.detail("nope", driver.cookie)).status).toBe(404);
    const accept = await api.accept(id, { answerId: 7 }, driver.cookie);
    expect(((await accept.json()) as Answer).errors?.answerId?.key).toBe("Requests.answerRequired");
  });
});

describe("nothing half-written", () => {
  /** Makes the database refuse mails to one address, as a failure in the middle of a write. */
  async function refuseMailTo(address: string, run: () => Promise<void>) {
    const prisma = await getPrisma();
    await prisma.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION refuse_request_mail() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW."to" = '${address}' THEN RAISE EXCEPTION 'mail refused by the test'; END IF; RETURN NEW; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_request_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_request_mail()`,
    );
    try {
      await run();
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_request_mail ON mail_outbox`);
    }
  }

  it("a request whose last mail fails is not stored at all: no request, no targets, no mails, no car", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const photo = await uploadOf(driver.id);
    await refuseMailTo(b.owner.email, async () => {
      const response = await api.create(requestBody([a.id, b.id], { images: [photo] }), driver.cookie);
      expect(response.status).toBe(500);
    });
    expect(await requestCount(driver)).toBe(0);
    expect(await prisma.quoteTarget.count({ where: { serviceId: { in: [a.id, b.id] } } })).toBe(0);
    expect(await prisma.quoteRequestImage.count({ where: { imageId: photo.slice(-36) } })).toBe(0);
    expect(await mailsTo(a.owner.email)).toEqual([]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: driver.id } })).lastCar).toBeNull();
    // Once mail can be written again, the same request goes through whole.
    expect(await sendRequest(driver, [a.id, b.id], { images: [photo] })).toBeTruthy();
    expect((await mailsTo(b.owner.email, "request.new")).length).toBe(1);
  });

  it("an acceptance whose mail fails changes nothing: still open, nobody chosen, no visit code, nobody told", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 700 });
    await refuseMailTo(b.owner.email, async () => {
      expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(500);
    });
    expect(await prisma.quoteRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "open",
      acceptedAnswerId: null,
      acceptedAt: null,
    });
    const targets = await prisma.quoteTarget.findMany({ where: { requestId: id }, orderBy: { position: "asc" } });
    expect(targets.map((target) => target.status)).toEqual(["answered", "sent"]);
    expect(await prisma.visitCode.count({ where: { quoteRequestId: id } })).toBe(0);
    expect(await mailsTo(a.owner.email, "request.chosen")).toEqual([]);
  });

  it("an answer whose mail fails is not stored, and the service can answer again", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    await refuseMailTo(driver.email, async () => {
      expect((await api.answer(id, { serviceId: a.id, price: 700 }, a.owner.cookie)).status).toBe(500);
    });
    expect(await prisma.quoteAnswer.count({ where: { requestId: id } })).toBe(0);
    expect((await prisma.quoteTarget.findFirstOrThrow({ where: { requestId: id } })).status).toBe("sent");
    expect(await answerAs(a.owner, id, a.id, { price: 700 })).toBeTruthy();
  });
});
