import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import type { JobView } from "@/features/requests/job/answers";
import { JOB_CONFIRM_HOURS, JOB_EXTRAS_MAX } from "@/features/requests/job/rules";
import { confirmJobsPastDeadline } from "@/features/requests/job/server/auto-confirm";
import { getPrisma } from "@/lib/db/client";

import { addresses, apiRequest, call, params } from "../../helpers/request";
import { api, blockedPerson, mailsTo, person, sendRequest, shop, type Person } from "./api";
import { acceptedJob, expectStatus, jobApi, type Shop } from "./job-api";

/**
 * The job of an accepted request through its routes: who reads and who writes, each transition
 * and the 409 of each one not allowed, the ceiling of the final price, two answers at once, the
 * 72 hours after which a job counts as confirmed (two sweeps at once confirm it once), the review
 * verified only once the job is confirmed, and the admins' dispute queue.
 */
const HOUR_MS = 3_600_000;
const nextIp = addresses("10.62");
const good = { rating: { quality: 5, speed: 4, price: 4 }, comment: "Pads done as quoted" };

async function review(serviceId: string, cookie: string) {
  const response = await call(
    reviewRoute,
    apiRequest("POST", `/api/items/${serviceId}/reviews`, { body: good, cookie, ip: nextIp() }),
    params({ id: serviceId }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string; verified: boolean };
}

const jobOf = (id: string, cookie: string) => expectStatus<JobView>(jobApi.get(id, cookie), 200);
const propose = async (id: string, owner: Person, price: number, description = "Brake discs") =>
  (await expectStatus<{ _id: string }>(jobApi.propose(id, { description, price }, owner.cookie), 201))._id;
const decideExtra = (id: string, extraId: string, decision: "approve" | "decline", driver: Person) =>
  expectStatus(jobApi.decideExtra(id, extraId, { decision }, driver.cookie), 200);
const markDone = (id: string, owner: Person, finalPrice: number, note?: string) =>
  expectStatus(jobApi.done(id, { finalPrice, ...(note === undefined ? {} : { note }) }, owner.cookie), 200);
const errorOf = async (response: Promise<Response>, status: number) => {
  const answer = await response;
  expect(answer.status).toBe(status);
  return (await answer.json()) as {
    key: string;
    message: string;
    errors?: Record<string, { key: string; message: string }>;
  };
};
const auditOf = async (id: string) =>
  (
    await (
      await getPrisma()
    ).auditLog.findMany({ where: { targetId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })
  ).map((entry) => ({ action: entry.action, actorId: entry.actorId }));

describe("who may read and write", () => {
  let admin: Person;
  let blocked: Person;
  let otherDriver: Person;
  let outside: Shop;
  beforeAll(async () => {
    [admin, blocked, otherDriver, outside] = await Promise.all([
      person({ isAdmin: true }),
      blockedPerson(),
      person(),
      shop(),
    ]);
  });

  type Job = Awaited<ReturnType<typeof acceptedJob>>;
  const roles = (job: Job) => ({
    anonymous: undefined,
    blocked: blocked.cookie,
    otherDriver: otherDriver.cookie,
    passedOwner: job.passed.owner.cookie,
    outsideOwner: outside.owner.cookie,
    admin: admin.cookie,
    driver: job.driver.cookie,
    chosenOwner: job.chosen.owner.cookie,
  });
  type Role = keyof ReturnType<typeof roles>;
  const statuses = async (job: Job, send: (cookie: string | undefined) => Promise<Response>) => {
    const result: Partial<Record<Role, number>> = {};
    for (const [role, cookie] of Object.entries(roles(job)) as [Role, string | undefined][])
      result[role] = (await send(cookie)).status;
    return result;
  };
  const outsiders = { anonymous: 401, blocked: 401, otherDriver: 404, passedOwner: 404, outsideOwner: 404 };

  it("GET: the driver, the chosen owner and an admin; everyone else finds nothing", async () => {
    const job = await acceptedJob();
    expect(await statuses(job, (cookie) => jobApi.get(job.id, cookie))).toEqual({
      ...outsiders,
      admin: 200,
      driver: 200,
      chosenOwner: 200,
    });
    const parts = await Promise.all(
      [job.driver, job.chosen.owner, admin].map(async (who) => (await jobOf(job.id, who.cookie)).viewer),
    );
    expect(parts).toEqual(["driver", "service", "admin"]);
  });

  it("POST extras: the chosen owner only (the driver and an admin 403)", async () => {
    const job = await acceptedJob();
    const body = { description: "Brake discs", price: 300 };
    expect(await statuses(job, (cookie) => jobApi.propose(job.id, body, cookie))).toEqual({
      ...outsiders,
      admin: 403,
      driver: 403,
      chosenOwner: 201,
    });
  });

  it("PUT extras/{extraId}: the driver only (the shop and an admin 403)", async () => {
    const job = await acceptedJob();
    const extraId = await propose(job.id, job.chosen.owner, 300);
    expect(
      await statuses(job, (cookie) => jobApi.decideExtra(job.id, extraId, { decision: "approve" }, cookie)),
    ).toEqual({ ...outsiders, admin: 403, driver: 200, chosenOwner: 403 });
  });

  it("POST done: the chosen owner only; PUT done: the driver only", async () => {
    const job = await acceptedJob();
    expect(await statuses(job, (cookie) => jobApi.done(job.id, { finalPrice: 1500 }, cookie))).toEqual({
      ...outsiders,
      admin: 403,
      driver: 403,
      chosenOwner: 200,
    });
    expect(await statuses(job, (cookie) => jobApi.decide(job.id, { decision: "confirm" }, cookie))).toEqual({
      ...outsiders,
      admin: 403,
      driver: 200,
      chosenOwner: 403,
    });
  });

  it("the dispute queue and its resolution: admins only", async () => {
    const job = await acceptedJob();
    await markDone(job.id, job.chosen.owner, 1500);
    await expectStatus(
      jobApi.decide(job.id, { decision: "dispute", reason: "The brakes still squeal" }, job.driver.cookie),
      200,
    );
    const everyoneElse = {
      anonymous: 401,
      blocked: 401,
      otherDriver: 403,
      passedOwner: 403,
      outsideOwner: 403,
      driver: 403,
      chosenOwner: 403,
    };
    expect(await statuses(job, (cookie) => jobApi.disputes(cookie))).toEqual({ ...everyoneElse, admin: 200 });
    expect(
      await statuses(job, (cookie) =>
        jobApi.resolve(job.id, { outcome: "not_done", note: "Checked the photos" }, cookie),
      ),
    ).toEqual({ ...everyoneElse, admin: 200 });
  });

  it("a request that is not accepted has no job; an unknown or malformed id is a 404", async () => {
    const driver = await person();
    const garage = await shop();
    const id = await sendRequest(driver, [garage.id]);
    expect((await jobApi.get(id, driver.cookie)).status).toBe(404);
    expect((await jobApi.get("not-an-id", driver.cookie)).status).toBe(404);
    expect((await jobApi.done("01890000-0000-7000-8000-000000000000", { finalPrice: 1 }, driver.cookie)).status).toBe(
      404,
    );
  });
});

describe("the job from the agreed price to the driver's word", () => {
  it("extras, the ceiling they raise, done, confirmed: each step mailed, audited and shown", async () => {
    const prisma = await getPrisma();
    const job = await acceptedJob({ price: 1500 });
    const { driver, chosen } = job;
    const start = await jobOf(job.id, driver.cookie);
    expect(start).toMatchObject({
      agreed: { price: 1500, priceFrom: null, priceTo: null },
      extras: [],
      approvedExtras: 0,
      ceiling: 1500,
      jobStatus: null,
      on: true,
      canProposeExtra: false,
      canDecideExtras: false,
      canMarkDone: false,
      canConfirm: false,
    });
    expect(await jobOf(job.id, chosen.owner.cookie)).toMatchObject({ canProposeExtra: true, canMarkDone: true });

    const discs = await propose(job.id, chosen.owner, 300, "  Brake discs, front  ");
    const fluid = await propose(job.id, chosen.owner, 200, "Brake fluid");
    const wipers = await propose(job.id, chosen.owner, 100, "Wipers");
    const [proposedMail] = await mailsTo(driver.email, "request.extraProposed");
    expect(proposedMail!.text).toContain("“Brake discs, front”, for ₴300");
    expect((await jobOf(job.id, driver.cookie)).canDecideExtras).toBe(true);
    await decideExtra(job.id, discs, "approve", driver);
    await decideExtra(job.id, fluid, "decline", driver);
    const decided = await mailsTo(chosen.owner.email, "request.extraDecided");
    expect(decided.map((mail) => mail.subject)).toEqual([
      "The driver approved the extra work: Brake pads replacement",
      "The driver declined the extra work: Brake pads replacement",
    ]);

    const middle = await jobOf(job.id, chosen.owner.cookie);
    expect(middle.extras.map((extra) => [extra.description, extra.price, extra.status])).toEqual([
      ["Brake discs, front", 300, "approved"],
      ["Brake fluid", 200, "declined"],
      ["Wipers", 100, "proposed"],
    ]);
    expect(middle).toMatchObject({ approvedExtras: 300, ceiling: 1800 });
    expect(middle.extras[0]!.decidedAt).not.toBeNull();
    expect(middle.extras[2]).toMatchObject({ _id: wipers, decidedAt: null });

    // A booking still to come is done with the job, its calendar sequence raised.
    await prisma.quoteBooking.create({
      data: { requestId: job.id, serviceId: chosen.id, status: "confirmed", sequence: 2 },
    });
    await markDone(job.id, chosen.owner, 1800, "Replaced the discs too");
    expect(await prisma.quoteBooking.findUniqueOrThrow({ where: { requestId: job.id } })).toMatchObject({
      status: "done",
      sequence: 3,
    });
    const [doneMail] = await mailsTo(driver.email, "request.jobDone");
    expect(doneMail!.text).toContain("with the final price of ₴1,800");
    expect(doneMail!.text).toContain("“Replaced the discs too”");
    expect(doneMail!.text).toContain(`within ${JOB_CONFIRM_HOURS} hours`);

    const done = await jobOf(job.id, driver.cookie);
    expect(done).toMatchObject({
      jobStatus: "done",
      finalPrice: 1800,
      doneNote: "Replaced the discs too",
      canConfirm: true,
      canDecideExtras: false,
      confirmedBy: null,
    });
    expect(new Date(done.confirmBy!).getTime() - new Date(done.doneAt!).getTime()).toBe(JOB_CONFIRM_HOURS * HOUR_MS);
    expect((await jobOf(job.id, chosen.owner.cookie)).canMarkDone).toBe(false);
    // Acceptance and a job marked done issue no visit code: only a confirmed job does.
    expect(await prisma.visitCode.count({ where: { quoteRequestId: job.id } })).toBe(0);

    await expectStatus(jobApi.decide(job.id, { decision: "confirm" }, driver.cookie), 200);
    expect(await jobOf(job.id, driver.cookie)).toMatchObject({
      jobStatus: "confirmed",
      confirmedBy: "driver",
      canConfirm: false,
    });
    const code = await prisma.visitCode.findUniqueOrThrow({ where: { quoteRequestId: job.id } });
    expect(code).toMatchObject({ userId: driver.id, serviceId: chosen.id, usedAt: null });
    expect((await mailsTo(chosen.owner.email, "request.jobConfirmed"))[0]!.subject).toBe(
      "The driver confirmed the job: Brake pads replacement",
    );
    expect(await auditOf(job.id)).toEqual([
      { action: "job.extraPropose", actorId: chosen.owner.id },
      { action: "job.extraPropose", actorId: chosen.owner.id },
      { action: "job.extraPropose", actorId: chosen.owner.id },
      { action: "job.extraApprove", actorId: driver.id },
      { action: "job.extraDecline", actorId: driver.id },
      { action: "job.done", actorId: chosen.owner.id },
      { action: "job.confirm", actorId: driver.id },
    ]);
    // People's own actions: audited, not reported as admin actions.
    expect(
      await prisma.securityEvent.count({
        where: { kind: "admin.action", userId: { in: [driver.id, chosen.owner.id] } },
      }),
    ).toBe(0);
  });

  it("a dispute: its reason waits in the queue, the shop is told", async () => {
    const job = await acceptedJob();
    await markDone(job.id, job.chosen.owner, 1200);
    await expectStatus(
      jobApi.decide(job.id, { decision: "dispute", reason: "  The brakes still squeal  " }, job.driver.cookie),
      200,
    );
    expect(await jobOf(job.id, job.driver.cookie)).toMatchObject({
      jobStatus: "disputed",
      disputeReason: "The brakes still squeal",
      canConfirm: false,
    });
    const [mail] = await mailsTo(job.chosen.owner.email, "request.jobDisputed");
    expect(mail!.text).toContain("“The brakes still squeal”");
    expect(await (await getPrisma()).visitCode.count({ where: { quoteRequestId: job.id } })).toBe(0);
  });
});

describe("what is refused", () => {
  it("each transition not allowed is a translated 409", async () => {
    const job = await acceptedJob();
    const { driver, chosen } = job;
    // Not done yet: nothing to confirm.
    expect((await errorOf(jobApi.decide(job.id, { decision: "confirm" }, driver.cookie), 409)).key).toBe("Job.notDone");
    const extraId = await propose(job.id, chosen.owner, 100);
    await decideExtra(job.id, extraId, "approve", driver);
    const twice = await errorOf(jobApi.decideExtra(job.id, extraId, { decision: "decline" }, driver.cookie), 409);
    expect(twice.key).toBe("Job.extraDecided");
    const pending = await propose(job.id, chosen.owner, 100, "Cabin filter");
    await markDone(job.id, chosen.owner, 1000);
    expect((await errorOf(jobApi.done(job.id, { finalPrice: 1000 }, chosen.owner.cookie), 409)).key).toBe(
      "Job.alreadyDone",
    );
    expect(
      (await errorOf(jobApi.propose(job.id, { description: "More work", price: 50 }, chosen.owner.cookie), 409)).key,
    ).toBe("Job.alreadyDone");
    expect((await errorOf(jobApi.decideExtra(job.id, pending, { decision: "approve" }, driver.cookie), 409)).key).toBe(
      "Job.alreadyDone",
    );
    await expectStatus(jobApi.decide(job.id, { decision: "confirm" }, driver.cookie), 200);
    const again = await errorOf(
      jobApi.decide(job.id, { decision: "dispute", reason: "Changed my mind, sorry" }, driver.cookie),
      409,
    );
    expect(again).toMatchObject({
      key: "Job.alreadyAnswered",
      message: "The job has already been confirmed or disputed.",
    });
    // No dispute to resolve on a confirmed job.
    const admin = await person({ isAdmin: true });
    expect((await errorOf(jobApi.resolve(job.id, { outcome: "confirmed", note: "Fine" }, admin.cookie), 409)).key).toBe(
      "Job.notDisputed",
    );
  });

  it("at most ten extras; another job's extra or an unknown id is a 404", async () => {
    const job = await acceptedJob();
    const other = await acceptedJob();
    for (let index = 0; index < JOB_EXTRAS_MAX; index++)
      await propose(job.id, job.chosen.owner, 10 + index, `Part ${index}`);
    expect(
      (await errorOf(jobApi.propose(job.id, { description: "One more", price: 5 }, job.chosen.owner.cookie), 409)).key,
    ).toBe("Job.extrasFull");
    expect((await jobOf(job.id, job.chosen.owner.cookie)).canProposeExtra).toBe(false);
    const foreign = await propose(other.id, other.chosen.owner, 50);
    for (const extraId of [foreign, "01890000-0000-7000-8000-000000000000", "nope"])
      expect((await jobApi.decideExtra(job.id, extraId, { decision: "approve" }, job.driver.cookie)).status).toBe(404);
  });

  it("once the request is cancelled, the job is over (409) and nobody may act", async () => {
    const job = await acceptedJob();
    const extraId = await propose(job.id, job.chosen.owner, 100);
    await expectStatus(api.cancel(job.id, { reason: "Found another garage" }, job.driver.cookie), 200);
    const view = await jobOf(job.id, job.driver.cookie);
    expect(view).toMatchObject({ on: false, canDecideExtras: false, canConfirm: false });
    for (const response of [
      jobApi.propose(job.id, { description: "More work", price: 50 }, job.chosen.owner.cookie),
      jobApi.done(job.id, { finalPrice: 100 }, job.chosen.owner.cookie),
      jobApi.decideExtra(job.id, extraId, { decision: "approve" }, job.driver.cookie),
      jobApi.decide(job.id, { decision: "confirm" }, job.driver.cookie),
    ])
      expect((await errorOf(response, 409)).key).toBe("Requests.jobOver");
  });

  it("a service blocked since acceptance no longer acts in the job (403); its driver still reads it", async () => {
    const job = await acceptedJob();
    await (await getPrisma()).service.update({ where: { id: job.chosen.id }, data: { isBlocked: true } });
    for (const response of [
      jobApi.propose(job.id, { description: "More work", price: 50 }, job.chosen.owner.cookie),
      jobApi.done(job.id, { finalPrice: 100 }, job.chosen.owner.cookie),
    ])
      expect((await errorOf(response, 403)).key).toBe("Requests.serviceUnavailable");
    expect(await jobOf(job.id, job.chosen.owner.cookie)).toMatchObject({ canMarkDone: false, canProposeExtra: false });
    expect((await jobOf(job.id, job.driver.cookie)).jobStatus).toBeNull();
  });

  it("bad input is a translated 400 naming its field, never a 500", async () => {
    const job = await acceptedJob();
    const owner = job.chosen.owner.cookie;
    const fieldOf = async (response: Promise<Response>) => {
      const body = await errorOf(response, 400);
      return Object.entries(body.errors ?? {}).map(([field, detail]) => `${field}:${detail.key}`);
    };
    expect(await fieldOf(jobApi.propose(job.id, { description: "  ab ", price: 10 }, owner))).toEqual([
      "description:Job.extraDescription",
    ]);
    expect(await fieldOf(jobApi.propose(job.id, { description: "x".repeat(501), price: 10 }, owner))).toEqual([
      "description:Job.extraDescription",
    ]);
    for (const price of [0, 1.5, 1_000_001, "10", null])
      expect(await fieldOf(jobApi.propose(job.id, { description: "Brake discs", price }, owner))).toEqual([
        "price:Job.extraPrice",
      ]);
    expect(await fieldOf(jobApi.decideExtra(job.id, "nope", { decision: "maybe" }, job.driver.cookie))).toEqual([
      "decision:Job.extraDecision",
    ]);
    for (const finalPrice of [-1, 1.5, "100", undefined])
      expect(await fieldOf(jobApi.done(job.id, { finalPrice }, owner))).toEqual(["finalPrice:Job.finalPrice"]);
    expect(await fieldOf(jobApi.done(job.id, { finalPrice: 100, note: "x".repeat(501) }, owner))).toEqual([
      "note:Job.note",
    ]);
    expect(await fieldOf(jobApi.decide(job.id, { decision: "later" }, job.driver.cookie))).toEqual([
      "decision:Job.decision",
    ]);
    for (const reason of [undefined, "Too short", "x".repeat(501)])
      expect(await fieldOf(jobApi.decide(job.id, { decision: "dispute", reason }, job.driver.cookie))).toEqual([
        "reason:Job.reason",
      ]);
    const admin = await person({ isAdmin: true });
    expect(await fieldOf(jobApi.resolve(job.id, { outcome: "maybe", note: "Fine" }, admin.cookie))).toEqual([
      "outcome:Job.outcome",
    ]);
    expect(await fieldOf(jobApi.resolve(job.id, { outcome: "confirmed", note: "  " }, admin.cookie))).toEqual([
      "note:Job.resolutionNote",
    ]);
    const notJson = await call(
      (await import("@/app/api/requests/[id]/done/route")).POST,
      apiRequest("POST", `/api/requests/${job.id}/done`, { body: "{", cookie: owner }),
      params({ id: job.id }),
    );
    expect(notJson.status).toBe(400);
    expect((await jobOf(job.id, owner)).jobStatus).toBeNull();
  });
});

describe("the ceiling of the final price", () => {
  const refusal = async (id: string, owner: Person, finalPrice: number, lng?: string) => {
    const body = await errorOf(jobApi.done(id, { finalPrice }, owner.cookie, lng), 400);
    expect(Object.keys(body.errors ?? {})).toEqual(["finalPrice"]);
    expect(body.errors!.finalPrice!.key).toBe("Job.finalPriceAboveCeiling");
    return body.errors!.finalPrice!.message;
  };

  it("an exact price: equal passes, one more is refused, in both languages with the amounts", async () => {
    const job = await acceptedJob({ price: 1500 });
    expect(await refusal(job.id, job.chosen.owner, 1501)).toBe(
      "The final price of ₴1,501 is above the agreed ₴1,500. Propose the extra work for the driver to approve first.",
    );
    expect(await refusal(job.id, job.chosen.owner, 1501, "uk")).toMatch(
      /^Остаточна ціна 1\s501\s₴ перевищує погоджену ціну 1\s500\s₴\. Спершу запропонуйте додаткову роботу, щоб водій її погодив\.$/u,
    );
    await markDone(job.id, job.chosen.owner, 1500);
  });

  it("a range: its top counts", async () => {
    const job = await acceptedJob({ priceFrom: 1000, priceTo: 1400 });
    expect((await jobOf(job.id, job.driver.cookie)).ceiling).toBe(1400);
    await refusal(job.id, job.chosen.owner, 1401);
    await markDone(job.id, job.chosen.owner, 1400);
  });

  it("approved extras raise it; declined and undecided ones do not", async () => {
    const job = await acceptedJob({ price: 1500 });
    const approved = await propose(job.id, job.chosen.owner, 300, "Brake discs");
    const declined = await propose(job.id, job.chosen.owner, 200, "Brake fluid");
    await propose(job.id, job.chosen.owner, 400, "Wipers");
    await decideExtra(job.id, approved, "approve", job.driver);
    await decideExtra(job.id, declined, "decline", job.driver);
    expect(await refusal(job.id, job.chosen.owner, 1801)).toBe(
      "The final price of ₴1,801 is above the agreed ₴1,500 plus ₴300 of approved extra work. Propose the extra work for the driver to approve first.",
    );
    expect(await refusal(job.id, job.chosen.owner, 1801, "uk")).toMatch(
      /^Остаточна ціна 1\s801\s₴ перевищує погоджену ціну 1\s500\s₴ разом із погодженою додатковою роботою на 300\s₴\./u,
    );
    await markDone(job.id, job.chosen.owner, 1800);
  });
});

describe("two answers at once", () => {
  it("two decisions on one extra: exactly one wins, the other a translated 409", async () => {
    const job = await acceptedJob();
    const extraId = await propose(job.id, job.chosen.owner, 300);
    const both = await Promise.all([
      jobApi.decideExtra(job.id, extraId, { decision: "approve" }, job.driver.cookie),
      jobApi.decideExtra(job.id, extraId, { decision: "decline" }, job.driver.cookie),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = both.find((response) => response.status === 409)!;
    expect(((await loser.json()) as { key: string }).key).toBe("Job.extraDecided");
    expect(await mailsTo(job.chosen.owner.email, "request.extraDecided")).toHaveLength(1);
  });

  it("two confirmations (or a confirmation and a dispute): one, with one visit code", async () => {
    const prisma = await getPrisma();
    for (const second of ["confirm", "dispute"] as const) {
      const job = await acceptedJob();
      await markDone(job.id, job.chosen.owner, 1500);
      const both = await Promise.all([
        jobApi.decide(job.id, { decision: "confirm" }, job.driver.cookie),
        jobApi.decide(job.id, { decision: second, reason: "The brakes still squeal" }, job.driver.cookie),
      ]);
      expect(both.map((response) => response.status).sort(), second).toEqual([200, 409]);
      const stored = await prisma.quoteRequest.findUniqueOrThrow({ where: { id: job.id } });
      expect(["confirmed", "disputed"]).toContain(stored.jobStatus);
      expect(await prisma.visitCode.count({ where: { quoteRequestId: job.id } })).toBe(
        stored.jobStatus === "confirmed" ? 1 : 0,
      );
    }
  });
});

describe("72 hours without an answer", () => {
  it("the job counts as confirmed, once, with one visit code, however many sweeps run at once", async () => {
    const prisma = await getPrisma();
    const due = await acceptedJob();
    const notYet = await acceptedJob();
    await markDone(due.id, due.chosen.owner, 1500);
    await markDone(notYet.id, notYet.chosen.owner, 1500);
    const doneAt = new Date(Date.now() - 100 * HOUR_MS);
    const now = new Date(doneAt.getTime() + JOB_CONFIRM_HOURS * HOUR_MS);
    await prisma.quoteRequest.update({ where: { id: due.id }, data: { doneAt } });
    await prisma.quoteRequest.update({ where: { id: notYet.id }, data: { doneAt: new Date(doneAt.getTime() + 1) } });

    const runs = await Promise.all([confirmJobsPastDeadline(now), confirmJobsPastDeadline(now)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await prisma.quoteRequest.findUniqueOrThrow({ where: { id: due.id } })).toMatchObject({
      jobStatus: "confirmed",
      jobConfirmedBy: "time",
      jobDecidedAt: now,
    });
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: notYet.id } })).jobStatus).toBe("done");
    expect(await prisma.visitCode.count({ where: { quoteRequestId: due.id } })).toBe(1);
    expect(await prisma.visitCode.count({ where: { quoteRequestId: notYet.id } })).toBe(0);
    expect((await mailsTo(due.chosen.owner.email, "request.jobConfirmed"))[0]!.subject).toBe(
      "The job counts as confirmed: Brake pads replacement",
    );
    expect((await auditOf(due.id)).at(-1)).toEqual({ action: "job.autoConfirm", actorId: null });
    // A later sweep finds nothing more to do with it.
    expect(await confirmJobsPastDeadline(now)).toBe(0);
    expect((await jobOf(due.id, due.driver.cookie)).confirmedBy).toBe("time");
  });
});

describe("the review after the job", () => {
  it("a review written before confirmation is verified once the job is confirmed, and weighs more", async () => {
    const prisma = await getPrisma();
    const job = await acceptedJob();
    const written = await review(job.chosen.id, job.driver.cookie);
    expect(written.verified).toBe(false);
    await markDone(job.id, job.chosen.owner, 1500);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: written._id } })).verified).toBe(false);
    const before = await prisma.review.findUniqueOrThrow({ where: { id: written._id } });
    await expectStatus(jobApi.decide(job.id, { decision: "confirm" }, job.driver.cookie), 200);
    const after = await prisma.review.findUniqueOrThrow({ where: { id: written._id } });
    expect(after.verified).toBe(true);
    expect(after.weight).toBeGreaterThanOrEqual(before.weight);
    const code = await prisma.visitCode.findUniqueOrThrow({ where: { quoteRequestId: job.id } });
    expect(code).toMatchObject({ reviewId: written._id });
    expect(code.usedAt).not.toBeNull();
    const service = await prisma.service.findUniqueOrThrow({ where: { id: job.chosen.id } });
    expect(service.weightSum).toBeCloseTo(after.weight, 5);
  });

  it("a review written after confirmation is verified by the code", async () => {
    const job = await acceptedJob();
    await markDone(job.id, job.chosen.owner, 1500);
    await expectStatus(jobApi.decide(job.id, { decision: "confirm" }, job.driver.cookie), 200);
    expect((await review(job.chosen.id, job.driver.cookie)).verified).toBe(true);
  });
});

describe("the admins' dispute queue", () => {
  async function disputedJob() {
    const job = await acceptedJob({ price: 1500 });
    const extraId = await propose(job.id, job.chosen.owner, 300);
    await decideExtra(job.id, extraId, "approve", job.driver);
    await markDone(job.id, job.chosen.owner, 1800, "Discs too");
    await expectStatus(
      jobApi.decide(job.id, { decision: "dispute", reason: "The brakes still squeal" }, job.driver.cookie),
      200,
    );
    return job;
  }

  it("lists unresolved disputes; confirmed by an admin, the job is confirmed with its code, both sides told", async () => {
    const prisma = await getPrisma();
    const admin = await person({ isAdmin: true });
    const job = await disputedJob();
    const queue = await expectStatus<{ disputes: { requestId: string }[]; total: number }>(
      jobApi.disputes(admin.cookie),
      200,
    );
    expect(queue.disputes.find((item) => item.requestId === job.id)).toMatchObject({
      serviceId: job.chosen.id,
      agreed: { price: 1500 },
      ceiling: 1800,
      finalPrice: 1800,
      doneNote: "Discs too",
      disputeReason: "The brakes still squeal",
      extras: [{ price: 300, status: "approved" }],
      driver: { email: job.driver.email },
    });
    // The admin reads the thread of the job as well.
    expect((await api.thread(job.id, job.chosen.id, admin.cookie)).status).toBe(200);

    await expectStatus(
      jobApi.resolve(job.id, { outcome: "confirmed", note: "Photos show new discs" }, admin.cookie),
      200,
    );
    expect(await prisma.quoteRequest.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      jobStatus: "confirmed",
      jobConfirmedBy: "admin",
      disputeResolvedById: admin.id,
      disputeResolution: "Photos show new discs",
    });
    expect(await prisma.visitCode.count({ where: { quoteRequestId: job.id } })).toBe(1);
    for (const to of [job.driver.email, job.chosen.owner.email]) {
      const [mail] = await mailsTo(to, "request.disputeResolved");
      expect(mail!.text).toContain("it was done, and it counts as confirmed");
      expect(mail!.text).toContain("“Photos show new discs”");
    }
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { targetId: job.id, action: "job.disputeResolve" } });
    expect(entry.actorId).toBe(admin.id);
    expect(await prisma.securityEvent.count({ where: { kind: "admin.action", userId: admin.id } })).toBeGreaterThan(0);
    const after = await expectStatus<{ disputes: { requestId: string }[] }>(jobApi.disputes(admin.cookie), 200);
    expect(after.disputes.map((item) => item.requestId)).not.toContain(job.id);
    expect((await errorOf(jobApi.resolve(job.id, { outcome: "not_done", note: "Again" }, admin.cookie), 409)).key).toBe(
      "Job.notDisputed",
    );
  });

  it("not done: the job stays disputed, leaves the queue, and issues no code", async () => {
    const prisma = await getPrisma();
    const admin = await person({ isAdmin: true });
    const job = await disputedJob();
    await expectStatus(
      jobApi.resolve(job.id, { outcome: "not_done", note: "No proof of the work" }, admin.cookie),
      200,
    );
    const stored = await prisma.quoteRequest.findUniqueOrThrow({ where: { id: job.id } });
    expect(stored).toMatchObject({
      jobStatus: "disputed",
      jobConfirmedBy: null,
      disputeResolution: "No proof of the work",
    });
    expect(stored.disputeResolvedAt).not.toBeNull();
    expect(await prisma.visitCode.count({ where: { quoteRequestId: job.id } })).toBe(0);
    const queue = await expectStatus<{ disputes: { requestId: string }[] }>(jobApi.disputes(admin.cookie), 200);
    expect(queue.disputes.map((item) => item.requestId)).not.toContain(job.id);
    const view = await jobOf(job.id, job.driver.cookie);
    expect(view).toMatchObject({ jobStatus: "disputed", disputeResolution: "No proof of the work" });
    expect(view.disputeResolvedAt).not.toBeNull();
    const [mail] = await mailsTo(job.chosen.owner.email, "request.disputeResolved");
    expect(mail!.text).toContain("it was not done as agreed");
  });
});

describe("a job marked done is past cancelling", () => {
  it("neither the driver nor the chosen shop cancels the request once the job is marked done; before, both may", async () => {
    const before = await acceptedJob();
    const early = await api.cancel(before.id, { reason: "Plans changed" }, before.driver.cookie);
    expect(early.status).toBe(200);

    const job = await acceptedJob();
    await markDone(job.id, job.chosen.owner, 1500);
    const byDriver = await errorOf(api.cancel(job.id, { reason: "Changed my mind" }, job.driver.cookie), 409);
    expect(byDriver).toMatchObject({
      key: "Requests.jobDoneNotCancellable",
      message:
        "This job has been marked done, so the request can no longer be cancelled; if it was not done as agreed, the driver disputes the job instead.",
    });
    const byShop = await errorOf(
      api.cancel(job.id, { reason: "Out of parts", serviceId: job.chosen.id }, job.chosen.owner.cookie),
      409,
    );
    expect(byShop.key).toBe("Requests.jobDoneNotCancellable");
    const row = await (await getPrisma()).quoteRequest.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "accepted", jobStatus: "done" });
  });
});

describe("late words on a job", () => {
  it("a dispute after the 72 hours is refused (the job counts as confirmed), a confirmation still goes", async () => {
    const prisma = await getPrisma();
    const job = await acceptedJob();
    await markDone(job.id, job.chosen.owner, 1500);
    const past = new Date(Date.now() - (JOB_CONFIRM_HOURS * 3_600_000 + 60_000));
    await prisma.quoteRequest.update({ where: { id: job.id }, data: { doneAt: past } });
    const late = await errorOf(
      jobApi.decide(job.id, { decision: "dispute", reason: "Brakes still squeak" }, job.driver.cookie),
      409,
    );
    expect(late).toMatchObject({
      key: "Job.disputeTooLate",
      message: `The ${JOB_CONFIRM_HOURS} hours to dispute this job have passed: it counts as confirmed.`,
    });
    await expectStatus(jobApi.decide(job.id, { decision: "confirm" }, job.driver.cookie), 200);
  });

  it("an admin cannot confirm a dispute of a request closed since: no visit code for a request that ended", async () => {
    const prisma = await getPrisma();
    const admin = await person({ isAdmin: true });
    const job = await acceptedJob();
    await markDone(job.id, job.chosen.owner, 1500);
    await expectStatus(
      jobApi.decide(job.id, { decision: "dispute", reason: "Nothing was replaced" }, job.driver.cookie),
      200,
    );
    expect((await api.adminClose(job.id, { reason: "Fraud confirmed" }, admin.cookie)).status).toBe(200);
    const queue = await expectStatus<{ disputes: { requestId: string }[] }>(jobApi.disputes(admin.cookie), 200);
    expect(queue.disputes.map((entry) => entry.requestId)).not.toContain(job.id);
    const refused = await errorOf(
      jobApi.resolve(job.id, { outcome: "confirmed", note: "Looks fine" }, admin.cookie),
      409,
    );
    expect(refused.key).toBe("Job.notDisputed");
    expect(await prisma.visitCode.count({ where: { quoteRequestId: job.id } })).toBe(0);
  });
});
