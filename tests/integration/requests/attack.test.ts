import { describe, expect, it } from "vitest";

import { requestInput } from "@/features/requests/schema";
import { getPrisma } from "@/lib/db/client";
import { limiter, take, throttleKey, type ThrottleName } from "@/lib/security/rate-limit";

import { answerAs, api, mailsTo, person, requestBody, sendRequest, shop, type Person } from "./api";
import { jobApi } from "./job-api";

/**
 * Requests for a price as a hostile driver, a hostile shop and a careless admin would use them:
 * other people's requests, answers and contacts; answers and acceptances that should not count;
 * refusals that must cost nothing; input no form would send; races of two calls at once.
 */
type Answer = { key?: string; errors?: Record<string, { key: string; message: string }> };

/** Points a throttle has counted for a key in its current window (0 when none). */
async function counted(name: ThrottleName, key: string): Promise<number> {
  return (await (await limiter(name)).get(throttleKey(key)))?.consumedPoints ?? 0;
}

async function inboxItems(owner: Person) {
  const response = await api.inbox({ status: "all" }, owner.cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Record<string, unknown>[] }).items;
}

describe("a refused request costs nobody anything", () => {
  it("refused for a busy service: the other services and the driver keep their counts, nobody is mailed", async () => {
    const driver = await person();
    const [quiet, alsoQuiet, busy] = await Promise.all([shop(), shop(), shop()]);
    for (let n = 0; n < 30; n++) await take("quoteInbound", busy.id);
    const refused = await api.create(requestBody([quiet.id, alsoQuiet.id, busy.id]), driver.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Answer).key).toBe("Requests.serviceBusy");
    expect(await counted("quoteInbound", quiet.id)).toBe(0);
    expect(await counted("quoteInbound", alsoQuiet.id)).toBe(0);
    expect(await counted("quoteRequest", driver.id)).toBe(0);
    expect(await mailsTo(quiet.owner.email)).toEqual([]);
  });

  it("refused by the client address's throttle: the driver's day and the service's are untouched", async () => {
    const driver = await person();
    const a = await shop();
    const ip = "10.95.0.1";
    for (let n = 0; n < 20; n++) await take("quoteRequestAddress", ip);
    const refused = await api.create(requestBody([a.id]), driver.cookie, { ip });
    expect(refused.status).toBe(429);
    expect(await counted("quoteRequest", driver.id)).toBe(0);
    expect(await counted("quoteInbound", a.id)).toBe(0);
  });

  it("refused after counting (the service blocked meanwhile): the counts are given back", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const a = await shop();
    // The block lands between the checks and the write, as an admin's click at that moment would.
    await prisma.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION attack_block_service() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.key LIKE 'quoteInbound:%' THEN UPDATE services SET "isBlocked" = true WHERE id = '${a.id}'; END IF; RETURN NEW; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER attack_block_service BEFORE INSERT ON throttles FOR EACH ROW EXECUTE FUNCTION attack_block_service()`,
    );
    try {
      const refused = await api.create(requestBody([a.id]), driver.cookie);
      expect(refused.status).toBe(400);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER attack_block_service ON throttles`);
    }
    expect(await counted("quoteRequest", driver.id)).toBe(0);
    expect(await counted("quoteInbound", a.id)).toBe(0);
    expect(await prisma.quoteRequest.count({ where: { driverId: driver.id } })).toBe(0);
  });

  it("six requests at once from one driver with four open: five open at most", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const services = await Promise.all(Array.from({ length: 7 }, () => shop()));
    for (const service of services.slice(0, 4)) await sendRequest(driver, [service.id]);
    await prisma.throttle.deleteMany({ where: { key: { startsWith: "quoteRequest:" } } });
    const raced = await Promise.all(
      services.slice(4).map((service) => api.create(requestBody([service.id]), driver.cookie)),
    );
    expect(raced.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(await prisma.quoteRequest.count({ where: { driverId: driver.id, status: "open" } })).toBe(5);
  });
});

describe("what a shop sees", () => {
  it("a shop passed over or that declined does not read the reason the chosen shop or the driver closed with", async () => {
    const driver = await person();
    const [a, b, c] = await Promise.all([shop(), shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id, c.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 900 });
    await answerAs(b.owner, id, b.id, { price: 1200 });
    await answerAs(c.owner, id, c.id, { decline: true });
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    const reason = "The driver never came and called us names";
    expect((await api.cancel(id, { reason, serviceId: a.id }, a.owner.cookie)).status).toBe(200);

    expect((await inboxItems(a.owner))[0]).toMatchObject({ status: "cancelled", closeReason: reason });
    for (const other of [b, c]) {
      const [item] = await inboxItems(other.owner);
      expect(item).toMatchObject({ requestStatus: "cancelled", closeReason: "", driver: null });
    }
    // The driver, whose request it is, reads it.
    expect(((await (await api.detail(id, driver.cookie)).json()) as { closeReason: string }).closeReason).toBe(reason);
  });

  it("an owner who lost the service (a claim moved it) sees, answers and cancels nothing of it any more", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 900 });
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    const newOwner = await person();
    await prisma.service.update({ where: { id: a.id }, data: { ownerId: newOwner.id } });

    expect(await inboxItems(a.owner)).toEqual([]);
    expect(await (await api.inboxCount(a.owner.cookie)).json()).toEqual({ new: 0, unread: { driver: 0, service: 0 } });
    expect((await api.cancel(id, { reason: "Mine", serviceId: a.id }, a.owner.cookie)).status).toBe(404);
    expect((await api.detail(id, a.owner.cookie)).status).toBe(404);
    const second = await sendRequest(await person(), [a.id]);
    expect((await api.answer(second, { serviceId: a.id, price: 1 }, a.owner.cookie)).status).toBe(403);
  });

  it("no route shows one shop another's answer, nor the driver, before the choice", async () => {
    const driver = await person({ name: "Secret Driver" });
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    await answerAs(a.owner, id, a.id, { price: 900, message: "A's secret price" });
    const pages = [
      await api.inbox({ status: "all" }, b.owner.cookie),
      await api.inbox({ status: "new" }, b.owner.cookie),
      await api.detail(id, b.owner.cookie),
      await api.detail(id.toUpperCase(), b.owner.cookie),
      await api.mine(b.owner.cookie),
      await api.adminList({}, b.owner.cookie),
    ];
    for (const page of pages) {
      const text = await page.text();
      expect(text).not.toContain("A's secret price");
      expect(text).not.toContain(driver.email);
      expect(text).not.toContain("Secret Driver");
      expect(text).not.toContain(a.id);
    }
  });
});

describe("answers that should not count", () => {
  it("an answer of a service blocked, unpublished or left without an owner since cannot be accepted", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b, c, d] = await Promise.all([shop(), shop(), shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id, c.id, d.id]);
    const answers = [
      await answerAs(a.owner, id, a.id, { price: 900 }),
      await answerAs(b.owner, id, b.id, { price: 900 }),
      await answerAs(c.owner, id, c.id, { price: 900 }),
    ];
    await prisma.service.update({ where: { id: a.id }, data: { isBlocked: true } });
    await prisma.service.update({ where: { id: b.id }, data: { isPaid: false } });
    await prisma.service.update({ where: { id: c.id }, data: { ownerId: null, claimed: false, isPaid: false } });
    for (const answer of answers) {
      const response = await api.accept(id, { answerId: answer }, driver.cookie);
      expect(response.status).toBe(409);
      expect(((await response.json()) as Answer).key).toBe("Requests.answerUnavailable");
    }
    expect(await mailsTo(a.owner.email, "request.chosen")).toEqual([]);
    expect(await prisma.visitCode.count({ where: { quoteRequestId: id } })).toBe(0);
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    // A service still published is accepted as ever.
    const good = await answerAs(d.owner, id, d.id, { price: 900 });
    expect((await api.accept(id, { answerId: good }, driver.cookie)).status).toBe(200);
  });

  it("a service whose owner an admin blocked is neither asked, nor suggested, nor accepted", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const start = await shop({ prices: { brake_pads: 1000 } });
    const banned = await shop({ prices: { brake_pads: 900 }, lat: 49.2335, lng: 28.4685 });
    const id = await sendRequest(driver, [banned.id]);
    const answer = await answerAs(banned.owner, id, banned.id, { price: 900 });
    await prisma.user.update({ where: { id: banned.owner.id }, data: { isBlocked: true } });

    const asked = await api.create(requestBody([start.id, banned.id]), (await person()).cookie);
    expect(asked.status).toBe(400);
    expect(((await asked.json()) as Answer).errors?.serviceIds?.key).toBe("Requests.serviceCannotAnswer");
    const suggested = await api.suggest({ serviceId: start.id, job: "brake_pads" }, driver.cookie);
    expect(((await suggested.json()) as { serviceId: string }[]).map((row) => row.serviceId)).not.toContain(banned.id);
    const accepted = await api.accept(id, { answerId: answer }, driver.cookie);
    expect(accepted.status).toBe(409);
    expect(await mailsTo(banned.owner.email, "request.chosen")).toEqual([]);
  });

  it("a driver who came to own a service they asked cannot answer their own request", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    await prisma.service.update({ where: { id: a.id }, data: { ownerId: driver.id } });
    const response = await api.answer(id, { serviceId: a.id, price: 1 }, driver.cookie);
    expect(response.status).toBe(403);
    expect(((await response.json()) as Answer).key).toBe("Requests.ownService");
    expect(await prisma.quoteAnswer.count({ where: { requestId: id } })).toBe(0);
  });

  it("nothing accepted after a cancel or past the request's time, nor twice at once", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const cancelled = await sendRequest(driver, [a.id]);
    const first = await answerAs(a.owner, cancelled, a.id, { price: 900 });
    expect((await api.cancel(cancelled, { reason: "Sorted" }, driver.cookie)).status).toBe(200);
    expect((await api.accept(cancelled, { answerId: first }, driver.cookie)).status).toBe(409);

    const late = await sendRequest(driver, [b.id]);
    const second = await answerAs(b.owner, late, b.id, { price: 900 });
    await prisma.quoteRequest.update({ where: { id: late }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api.accept(late, { answerId: second }, driver.cookie)).status).toBe(409);
    expect((await api.answer(late, { serviceId: b.id, price: 1 }, b.owner.cookie)).status).toBe(409);
    expect(await prisma.visitCode.count({ where: { quoteRequestId: { in: [cancelled, late] } } })).toBe(0);

    const [c, d] = await Promise.all([shop(), shop()]);
    const twice = await sendRequest(driver, [c.id, d.id]);
    const answerC = await answerAs(c.owner, twice, c.id, { price: 900 });
    const answerD = await answerAs(d.owner, twice, d.id, { price: 800 });
    const both = await Promise.all([
      api.accept(twice, { answerId: answerC }, driver.cookie),
      api.accept(twice, { answerId: answerD }, driver.cookie),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const targets = await prisma.quoteTarget.findMany({ where: { requestId: twice } });
    expect(targets.map((target) => target.status).sort()).toEqual(["chosen", "passed"]);
    // Acceptance issues no visit code (a confirmed job does): neither acceptance left one.
    expect(await prisma.visitCode.count({ where: { quoteRequestId: twice } })).toBe(0);
  });

  it("acceptance and cancellation at the same instant leave no working visit code on a cancelled request", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 900 });
    const [accepted, cancelled, answered] = await Promise.all([
      api.accept(id, { answerId: answer }, driver.cookie),
      api.cancel(id, { reason: "Changed my mind" }, driver.cookie),
      api.answer(id, { serviceId: b.id, price: 700 }, b.owner.cookie),
    ]);
    expect(cancelled.status).toBe(200);
    expect([200, 409]).toContain(accepted.status);
    expect([201, 409]).toContain(answered.status);
    const request = await prisma.quoteRequest.findUniqueOrThrow({ where: { id } });
    expect(request.status).toBe("cancelled");
    const live = await prisma.visitCode.count({ where: { quoteRequestId: id, expiresAt: { gt: new Date() } } });
    expect(live).toBe(0);
    const targets = await prisma.quoteTarget.findMany({ where: { requestId: id } });
    expect(targets.every((target) => ["cancelled", "passed", "declined"].includes(target.status))).toBe(true);
  });

  it("someone else's request cannot be cancelled, whatever service id they name", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const stranger = await shop();
    const admin = await person({ isAdmin: true });
    const id = await sendRequest(driver, [a.id, b.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 900 });
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    const attempts = [
      await api.cancel(id, { reason: "x" }, (await person()).cookie),
      await api.cancel(id, { reason: "x", serviceId: a.id }, b.owner.cookie),
      await api.cancel(id, { reason: "x", serviceId: stranger.id }, stranger.owner.cookie),
      await api.cancel(id, { reason: "x" }, a.owner.cookie),
      await api.cancel(id, { reason: "x" }, admin.cookie),
    ];
    expect(attempts.map((response) => response.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id } })).status).toBe("accepted");
  });
});

describe("ids and input no form sends", () => {
  it("an id written in capitals is the same request and the same answer", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const answer = await api.answer(id.toUpperCase(), { serviceId: a.id.toUpperCase(), price: 900 }, a.owner.cookie);
    expect(answer.status).toBe(201);
    const { _id } = (await answer.json()) as { _id: string };
    expect((await api.detail(id.toUpperCase(), driver.cookie)).status).toBe(200);
    expect((await api.accept(id.toUpperCase(), { answerId: _id.toUpperCase() }, driver.cookie)).status).toBe(200);
  });

  it("a request gone between the checks and the write is a 404, never a 500", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    // The driver's account (and with it the request) goes while the shop's answer is on its way.
    await prisma.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION attack_drop_request() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.key LIKE 'quoteAnswer:%' THEN DELETE FROM quote_requests WHERE id = '${id}'; END IF; RETURN NEW; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER attack_drop_request BEFORE INSERT ON throttles FOR EACH ROW EXECUTE FUNCTION attack_drop_request()`,
    );
    try {
      const response = await api.answer(id, { serviceId: a.id, price: 900 }, a.owner.cookie);
      expect(response.status).toBe(404);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER attack_drop_request ON throttles`);
    }
  });

  it("an offered time on a day the calendar does not have is refused, not moved to another day", async () => {
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const year = new Date().getUTCFullYear() + 1;
    for (const slot of [`${year}-02-30T10:00:00Z`, `${year}-04-31T10:00+03:00`, `${year}-13-01T10:00Z`]) {
      const response = await api.answer(id, { serviceId: a.id, slot }, a.owner.cookie);
      expect(response.status, slot).toBe(400);
      expect(((await response.json()) as Answer).errors?.slot?.key).toBe("Requests.slot");
    }
  });

  it("text the database cannot store, nulls, wrong types and huge bodies: 400s, never a 500", async () => {
    const driver = await person();
    const a = await shop();
    const bodies: unknown[] = [
      requestBody([a.id], { description: "nul \u0000 byte" }),
      requestBody([a.id], { car: { make: "Skoda", model: "Oct\u0000avia", year: 2015, fuel: "diesel" } }),
      requestBody([a.id], { when: { from: "2026-13-01", to: "2026-13-02" } }),
      requestBody([a.id], { when: { from: "2026-00-10", to: "2026-00-10" } }),
      requestBody([a.id], { description: null }),
      requestBody([a.id], { images: null }),
      requestBody([a.id], { near: { lat: "49", lng: 28 } }),
      requestBody([a.id], { when: { asap: true, from: "2020-01-01" } }),
      requestBody([a.id], { car: { make: "Skoda", model: "Octavia", year: 2015.5, fuel: "diesel" } }),
      requestBody([a.id], { car: { make: "Skoda", model: "Octavia", year: 1e308, fuel: "diesel" } }),
      requestBody([a.id], { description: "x".repeat(2_000_000) }),
      { ...requestBody([]), serviceIds: [{ $ne: null }] },
      [requestBody([a.id])],
      "null",
    ];
    for (const body of bodies) {
      const response = await api.create(body, driver.cookie);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
      expect(response.status).not.toBe(201);
    }
    const id = await sendRequest(driver, [a.id]);
    for (const body of [
      { serviceId: a.id, message: "nul \u0000" },
      { serviceId: a.id, message: null, price: 5 },
      { serviceId: a.id, price: -5 },
      { serviceId: a.id, price: 1e21 },
      { serviceId: a.id, earliest: "2026-02-30" },
      { serviceId: a.id, earliest: "2026-13-01" },
      { serviceId: a.id, earliest: "99999-01-01" },
      { serviceId: a.id, slot: "275760-09-13T00:00:00Z" },
      { serviceId: [a.id], price: 5 },
    ]) {
      const response = await api.answer(id, body, a.owner.cookie);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(response.status).not.toBe(201);
    }
    for (const body of [{ reason: "nul \u0000" }, { reason: ["x"] }, { reason: "x", serviceId: 5 }]) {
      const response = await api.cancel(id, body, driver.cookie);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const path of ["00000000-0000-0000-0000-000000000000", "..", "%00", `${id}x`, " "]) {
      expect((await api.detail(path, driver.cookie)).status).toBe(404);
      expect((await api.accept(path, { answerId: id }, driver.cookie)).status).toBe(404);
    }
    const queries: Record<string, string>[] = [
      { page: "0" },
      { page: "-1" },
      { page: "1e9" },
      { page: "abc" },
      { status: "NEW" },
    ];
    for (const query of queries) expect((await api.inbox(query, a.owner.cookie)).status).toBe(400);
  });

  it("Kyiv's day, not the server's: the first allowed day turns at Kyiv's midnight, across the clock changes", () => {
    const cases: [string, string, string][] = [
      // 00:30 in Kyiv on the night summer time starts (UTC+2 then).
      ["2026-03-28T22:30:00Z", "2026-03-28", "2026-03-29"],
      // 00:30 in Kyiv on the night summer time ends (still UTC+3).
      ["2026-10-24T21:30:00Z", "2026-10-24", "2026-10-25"],
      // New Year in Kyiv while it is still the old year in UTC: the car may be from next year.
      ["2026-12-31T22:30:00Z", "2026-12-31", "2027-01-01"],
    ];
    for (const [now, yesterday, today] of cases) {
      const schema = requestInput(new Date(now));
      const body = (from: string) => requestBody([crypto.randomUUID()], { when: { from, to: from } });
      expect(schema.safeParse(body(yesterday)).success, now).toBe(false);
      expect(schema.safeParse(body(today)).success, now).toBe(true);
    }
    const newYear = requestInput(new Date("2026-12-31T22:30:00Z"));
    const car = (year: number) => requestBody([crypto.randomUUID()], { car: { ...validCarOf(year) } });
    expect(newYear.safeParse(car(2028)).success).toBe(true);
    expect(newYear.safeParse(car(2029)).success).toBe(false);
  });
});

describe("mails and visit codes", () => {
  it("markup and line breaks in what people type reach no mail as markup or as a header", async () => {
    const driver = await person({ name: '<img src=x onerror="alert(1)">Driver' });
    const a = await shop({ name: "Evil <b>Shop</b>" });
    const description = 'Squeak <script>alert("x")</script>\r\nBcc: victim@example.com';
    const id = await sendRequest(driver, [a.id], { job: "custom", description });
    const answer = await answerAs(a.owner, id, a.id, { price: 900, message: "<a href=//evil>click</a>" });
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    expect(
      (await api.cancel(id, { reason: "</p><a href='//evil'>x</a>\nBcc: y@z", serviceId: a.id }, a.owner.cookie))
        .status,
    ).toBe(200);
    const mails = [...(await mailsTo(a.owner.email)), ...(await mailsTo(driver.email))];
    expect(mails.length).toBeGreaterThanOrEqual(4);
    for (const mail of mails) {
      // The mail's own markup is paragraphs, line breaks (<br>) and its link, nothing typed.
      expect(mail.html).not.toMatch(/<(script|img|b>|a href='|a href=\/\/)/i);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("a confirmed job's visit code cannot be cancelled away by either side; an admin's close stops it verifying", async () => {
    const prisma = await getPrisma();
    const admin = await person({ isAdmin: true });
    const driver = await person();
    const a = await shop();
    const id = await sendRequest(driver, [a.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 900 });
    expect((await api.accept(id, { answerId: answer }, driver.cookie)).status).toBe(200);
    expect((await jobApi.done(id, { finalPrice: 900 }, a.owner.cookie)).status).toBe(200);
    expect((await jobApi.decide(id, { decision: "confirm" }, driver.cookie)).status).toBe(200);
    const live = () =>
      prisma.visitCode.count({ where: { quoteRequestId: id, usedAt: null, expiresAt: { gt: new Date() } } });
    expect(await live()).toBe(1);
    // The visit happened: neither side can take it back by cancelling the request.
    expect((await api.cancel(id, { reason: "No" }, driver.cookie)).status).toBe(409);
    expect((await api.cancel(id, { reason: "No", serviceId: a.id }, a.owner.cookie)).status).toBe(409);
    expect(await live()).toBe(1);
    expect((await api.adminClose(id, { reason: "Fraud report confirmed" }, admin.cookie)).status).toBe(200);
    expect(await live()).toBe(0);
  });

  it("a shop cannot get a code bound to anyone: it neither accepts nor answers someone else's service", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const answer = await answerAs(a.owner, id, a.id, { price: 900 });
    expect((await api.accept(id, { answerId: answer }, a.owner.cookie)).status).toBe(404);
    expect((await api.answer(id, { serviceId: b.id, price: 1 }, a.owner.cookie)).status).toBe(403);
    expect(await prisma.visitCode.count({ where: { quoteRequestId: id } })).toBe(0);
  });
});

function validCarOf(year: number) {
  return { make: "Skoda", model: "Octavia", year, fuel: "diesel" };
}
