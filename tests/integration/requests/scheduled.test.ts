import { beforeAll, describe, expect, it } from "vitest";

import { REQUEST_OPEN_HOURS, REQUEST_REMINDER_HOURS } from "@/features/requests/rules";
import { expireRequests, remindUnanswered, runQuoteRequestJobs } from "@/features/requests/server/scheduled";
import { JOBS } from "@/jobs";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { answerAs, inDays, mailsTo, person, sendRequest, shop } from "./api";
import { makeAnswer, makeQuoteRequest } from "./job-fixtures";

/** The "quote-requests" job: the reminder after two hours without an answer, the close after 72 hours. */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const ago = (ms: number) => new Date(Date.now() - ms);

let driver: { id: string; email: string };
let ukOwner: { id: string; email: string };
let enOwner: { id: string; email: string };
let ukService = "";
let enService = "";

beforeAll(async () => {
  const prisma = await getPrisma();
  driver = await makeUser({ name: "Oksana" });
  // A year old: her requests count in the response figures (features/requests/response-time.ts).
  await prisma.user.update({ where: { id: driver.id }, data: { createdAt: ago(365 * 24 * HOUR_MS) } });
  ukOwner = await makeUser({ name: "Taras" });
  await prisma.user.update({ where: { id: ukOwner.id }, data: { locale: "uk" } });
  enOwner = await makeUser({ name: "Sam" });
  ukService = (await makeService({ ownerId: ukOwner.id, name: "Гальма Плюс" })).id;
  enService = (await makeService({ ownerId: enOwner.id, name: "Brake Corner" })).id;
});

const mails = async (to: string, kind: string) =>
  (await getPrisma()).mailOutbox.findMany({ where: { to, kind }, orderBy: { createdAt: "asc" } });

describe("the reminder", () => {
  it(`goes once to the owner, in their language, ${REQUEST_REMINDER_HOURS} hours after sending and not before`, async () => {
    const prisma = await getPrisma();
    const request = await makeQuoteRequest({
      driverId: driver.id,
      targets: [ukService],
      sentAt: ago(REQUEST_REMINDER_HOURS * HOUR_MS - MINUTE_MS),
    });
    const before = (await mails(ukOwner.email, "request.reminder")).length;
    await remindUnanswered();
    expect(await mails(ukOwner.email, "request.reminder")).toHaveLength(before);
    expect((await prisma.quoteTarget.findFirstOrThrow({ where: { requestId: request.id } })).remindedAt).toBeNull();

    // Two minutes later it is due.
    await remindUnanswered(new Date(Date.now() + 2 * MINUTE_MS));
    const sent = await mails(ukOwner.email, "request.reminder");
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)).toMatchObject({
      locale: "uk",
      subject: "Водій чекає на вашу відповідь: Заміна гальмівних колодок",
    });
    expect(sent.at(-1)!.text).toContain("Гальма Плюс");
    expect(sent.at(-1)!.text).toContain("/ua/requests/inbox");
    expect((await prisma.quoteTarget.findFirstOrThrow({ where: { requestId: request.id } })).remindedAt).not.toBeNull();

    // Never a second time, however often the job runs.
    await remindUnanswered(new Date(Date.now() + 10 * HOUR_MS));
    expect(await mails(ukOwner.email, "request.reminder")).toHaveLength(before + 1);
  });

  it("is not sent for a target already answered or declined, nor on a request no longer open", async () => {
    const before = (await mails(enOwner.email, "request.reminder")).length;
    const sentAt = ago(3 * HOUR_MS);
    await makeQuoteRequest({ driverId: driver.id, sentAt, targets: [{ serviceId: enService, answeredAfterMin: 30 }] });
    await makeQuoteRequest({
      driverId: driver.id,
      sentAt,
      targets: [{ serviceId: enService, answeredAfterMin: 30, status: "declined" }],
    });
    await makeQuoteRequest({
      driverId: driver.id,
      sentAt,
      status: "cancelled",
      targets: [{ serviceId: enService, status: "cancelled" }],
    });
    await remindUnanswered();
    expect(await mails(enOwner.email, "request.reminder")).toHaveLength(before);
  });

  it("goes once when two instances run the job at the same moment", async () => {
    const owner = await makeUser({ name: "Twin Owner" });
    const service = (await makeService({ ownerId: owner.id, name: "Twin Garage" })).id;
    for (let index = 0; index < 3; index++)
      await makeQuoteRequest({ driverId: driver.id, targets: [service], sentAt: ago(3 * HOUR_MS) });
    // Small batches, so the two runs take turns claiming rows.
    await Promise.all([remindUnanswered(new Date(), 1), remindUnanswered(new Date(), 1)]);
    expect(await mails(owner.email, "request.reminder")).toHaveLength(3);
  });

  it("is not mailed to the owner of a service blocked since, who can no longer answer", async () => {
    const prisma = await getPrisma();
    const owner = await makeUser({ name: "Blocked Owner" });
    const service = (await makeService({ ownerId: owner.id, name: "Blocked Garage" })).id;
    const request = await makeQuoteRequest({ driverId: driver.id, targets: [service], sentAt: ago(3 * HOUR_MS) });
    await prisma.service.update({ where: { id: service }, data: { isBlocked: true } });
    await remindUnanswered();
    expect(await mails(owner.email, "request.reminder")).toHaveLength(0);
    // Looked at once: not picked again on every run.
    expect((await prisma.quoteTarget.findFirstOrThrow({ where: { requestId: request.id } })).remindedAt).not.toBeNull();
  });
});

describe("closing after 72 hours", () => {
  it("expires an open request at its time: closed by time, waiting targets cancelled, the driver told in the request's language", async () => {
    const prisma = await getPrisma();
    const third = await makeService({ name: "Third Garage" });
    const request = await makeQuoteRequest({
      driverId: driver.id,
      locale: "uk",
      sentAt: ago(REQUEST_OPEN_HOURS * HOUR_MS - MINUTE_MS),
      targets: [
        { serviceId: ukService, answeredAfterMin: 20 },
        { serviceId: enService, answeredAfterMin: 40, status: "declined" },
        third.id,
      ],
    });
    await makeAnswer(request.id, ukService);
    await makeAnswer(request.id, enService, true);
    const before = (await mails(driver.email, "request.expired")).length;

    await expireRequests();
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("open");

    const now = new Date(Date.now() + 2 * MINUTE_MS);
    expect(await expireRequests(now)).toBeGreaterThanOrEqual(1);
    expect(await prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "expired",
      closedBy: "time",
      closedAt: now,
    });
    const targets = await prisma.quoteTarget.findMany({
      where: { requestId: request.id },
      orderBy: { position: "asc" },
    });
    expect(targets.map((target) => target.status)).toEqual(["cancelled", "declined", "cancelled"]);

    const told = await mails(driver.email, "request.expired");
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({ locale: "uk", subject: "Ваш запит закрито: Заміна гальмівних колодок" });
    expect(told.at(-1)!.text).toContain("Надійшла 1 відповідь.");
    expect(told.at(-1)!.text).toContain(`/ua/requests/${request.id}`);

    // Once: a second run finds nothing to close or tell.
    await expireRequests(new Date(Date.now() + HOUR_MS));
    expect(await mails(driver.email, "request.expired")).toHaveLength(before + 1);
  });

  it("never expires an accepted request, and leaves cancelled ones alone", async () => {
    const prisma = await getPrisma();
    const accepted = await makeQuoteRequest({
      driverId: driver.id,
      status: "accepted",
      sentAt: ago(10 * 24 * HOUR_MS),
      targets: [{ serviceId: enService, answeredAfterMin: 5, status: "chosen" }],
    });
    const cancelled = await makeQuoteRequest({
      driverId: driver.id,
      status: "cancelled",
      sentAt: ago(10 * 24 * HOUR_MS),
      targets: [{ serviceId: enService, status: "cancelled" }],
    });
    await expireRequests();
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: accepted.id } })).status).toBe("accepted");
    expect((await prisma.quoteTarget.findFirstOrThrow({ where: { requestId: accepted.id } })).status).toBe("chosen");
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: cancelled.id } })).closedBy).toBe("driver");
  });

  it("closes each request once when two instances run at the same moment", async () => {
    const other = await makeUser({ name: "Twin Driver" });
    for (let index = 0; index < 3; index++)
      await makeQuoteRequest({
        driverId: other.id,
        targets: [enService],
        sentAt: ago((REQUEST_OPEN_HOURS + 1) * HOUR_MS),
      });
    await Promise.all([expireRequests(new Date(), 1), expireRequests(new Date(), 1)]);
    expect(await mails(other.email, "request.expired")).toHaveLength(3);
  });
});

describe("the job", () => {
  it("runs every 10 minutes: closes before it reminds (no reminder for a request whose time is up), then refreshes figures", async () => {
    const prisma = await getPrisma();
    expect(JOBS.find((job) => job.name === "quote-requests")).toMatchObject({ everyMs: 10 * MINUTE_MS });
    const owner = await makeUser({ name: "Late Owner" });
    const service = (await makeService({ ownerId: owner.id, name: "Late Garage" })).id;
    // Three closed requests answered within 10, 20, 30 minutes, and one whose time is up unanswered.
    for (const minutes of [10, 20, 30])
      await makeQuoteRequest({
        driverId: driver.id,
        status: "accepted",
        sentAt: ago(5 * 24 * HOUR_MS),
        targets: [{ serviceId: service, answeredAfterMin: minutes, status: "passed" }],
      });
    const late = await makeQuoteRequest({
      driverId: driver.id,
      targets: [service],
      sentAt: ago((REQUEST_OPEN_HOURS + 1) * HOUR_MS),
    });
    const result = await runQuoteRequestJobs();
    expect(result).toMatchObject({ expired: expect.any(Number), reminded: expect.any(Number) });
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: late.id } })).status).toBe("expired");
    expect(await mails(owner.email, "request.reminder")).toHaveLength(0);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: service } })).toMatchObject({
      responseMinutes: 20,
      responseRate: 0.75,
    });
  });
});

describe("a request sent through the route", () => {
  it("reminds the silent service after 2 hours, not the one that answered, and closes one for certain days after 72 hours", async () => {
    const prisma = await getPrisma();
    const driver = await person({ locale: "uk" });
    const quick = await shop({ name: "Quick Route Garage" });
    const silent = await shop({ name: "Silent Route Garage", locale: "uk" });
    // As soon as possible would close after 4 hours (tests/integration/requests/asap.test.ts).
    const requestId = await sendRequest(driver, [quick.id, silent.id], { when: { from: inDays(2), to: inDays(3) } });
    await answerAs(quick.owner, requestId, quick.id, { price: 900 });
    const start = Date.now();
    await remindUnanswered(new Date(start + (REQUEST_REMINDER_HOURS * 60 - 1) * MINUTE_MS));
    expect(await mailsTo(silent.owner.email, "request.reminder")).toHaveLength(0);
    await remindUnanswered(new Date(start + REQUEST_REMINDER_HOURS * HOUR_MS + MINUTE_MS));
    expect(await mailsTo(silent.owner.email, "request.reminder")).toHaveLength(1);
    expect(await mailsTo(quick.owner.email, "request.reminder")).toHaveLength(0);

    await expireRequests(new Date(start + (REQUEST_OPEN_HOURS - 1) * HOUR_MS));
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: requestId } })).status).toBe("open");
    await expireRequests(new Date(start + REQUEST_OPEN_HOURS * HOUR_MS + MINUTE_MS));
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: requestId } })).status).toBe("expired");
    const told = await mailsTo(driver.email, "request.expired");
    expect(told).toHaveLength(1);
    // In the language the driver asked in (this request: English), whatever their account says.
    expect(told[0]).toMatchObject({ locale: "en" });
    expect(told[0]!.text).toContain("It got 1 answer.");
  });
});
