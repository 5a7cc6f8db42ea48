import { randomUUID } from "node:crypto";
import type { Job as QueuedJob } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDatabase, getPrisma } from "@/lib/db/client";
import { getQueue, openQueue, type OpenQueue } from "@/lib/jobs/queue";
import { startJobs } from "@/lib/jobs/runner";
import { resetLifecycleForTests } from "@/lib/lifecycle";
import {
  enqueueMail,
  MAIL_QUEUE,
  MAIL_QUEUE_OPTIONS,
  MAIL_WORKER,
  requeueFailedMail,
  sendMail,
} from "@/lib/mail/outbox";

import { setEnv } from "../../helpers/env";
import { startFakeResend, type FakeResend } from "../../helpers/fake-resend";

/**
 * Mail through Resend (a fake here): the first attempt in the request, then the `mail` job on the
 * job queue as the retry path (lib/mail/outbox.ts).
 */
let resend: FakeResend;
let failuresLeft = 0;
/** When each send to flaky-1@ reached the provider. */
const flakyAt: number[] = [];

beforeAll(async () => {
  resend = await startFakeResend(({ body }) => {
    if (body.to === "flaky-1@test.local") flakyAt.push(Date.now());
    if (String(body.to).includes("flaky") && failuresLeft > 0) {
      failuresLeft--;
      return { status: 503, name: "application_error", message: "Service unavailable" };
    }
    if (String(body.to).includes("bounce"))
      return { status: 422, name: "validation_error", message: "Invalid `to` field." };
    return null;
  });
  setEnv({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url, MAIL_FROM: "Maister <hello@maister.test>" });
});

afterAll(async () => {
  setEnv({ RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined, MAIL_FROM: undefined });
  await resend.close();
  resetLifecycleForTests();
});

const mail = (to: string) => ({
  to,
  subject: "Тема",
  text: "Привіт",
  html: "<p>Привіт</p>",
  locale: "uk" as const,
  kind: "test",
});

/** The mail's job on the queue. */
async function jobOf(id: string) {
  const { boss } = await getQueue();
  const jobs = await boss.findJobs<{ id: string }>(MAIL_QUEUE, { data: { id } });
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
}

/** One pass of the mail queue's worker over these mails' jobs, as a worker would fetch them. */
async function workJobsOf(...ids: string[]) {
  const jobs = ids.map((id) => ({ id: randomUUID(), name: MAIL_QUEUE, data: { id } }) as QueuedJob<{ id: string }>);
  return MAIL_WORKER.work(jobs);
}

const sendsTo = (to: string) => resend.received.filter((entry) => entry.body.to === to);

describe("sendMail through Resend", () => {
  it("sends with the key and sender from the environment and records the provider id", async () => {
    await sendMail(mail("someone@test.local"));
    expect(resend.received.at(-1)).toMatchObject({
      auth: "Bearer re_test_key",
      body: { from: "Maister <hello@maister.test>", to: "someone@test.local", subject: "Тема", html: "<p>Привіт</p>" },
    });
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "someone@test.local" } });
    expect(stored).toMatchObject({ status: "sent", providerId: "fake-1" });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("gives a mail tried at once a job that waits out the first retry pause, and that job then sends nothing", async () => {
    const before = Date.now();
    await sendMail(mail("tried-now@test.local"));
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "tried-now@test.local" } });
    const job = await jobOf(stored.id);
    expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(before + (MAIL_QUEUE_OPTIONS.retryDelay! - 1) * 1000);
    expect(job.retryLimit).toBe(MAIL_QUEUE_OPTIONS.retryLimit);
    expect(await workJobsOf(stored.id)).toEqual([
      expect.objectContaining({ status: "completed", output: { outcome: "gone" } }),
    ]);
    expect(sendsTo("tried-now@test.local")).toHaveLength(1);
  });

  it("keeps a refused mail in the outbox as failed, with the provider's reason, and does not throw", async () => {
    await expect(sendMail(mail("bounce@test.local"))).resolves.toBeUndefined();
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "bounce@test.local" } });
    expect(stored).toMatchObject({ status: "failed", error: expect.stringContaining("Invalid") });
  });

  it("keeps a mail it could not deliver pending for its job, whose next try fails the job so the queue retries it", async () => {
    setEnv({ RESEND_BASE_URL: "http://127.0.0.1:9" });
    try {
      await expect(sendMail(mail("offline@test.local"))).resolves.toBeUndefined();
      const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "offline@test.local" } });
      expect(stored).toMatchObject({ status: "pending", attempts: 1 });
      expect((await jobOf(stored.id)).state).toBe("created");
      expect(await workJobsOf(stored.id)).toEqual([
        expect.objectContaining({ status: "failed", output: { outcome: "pending" } }),
      ]);
      expect(await (await getPrisma()).mailOutbox.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({
        status: "pending",
        attempts: 2,
      });
    } finally {
      setEnv({ RESEND_BASE_URL: resend.url });
    }
  });

  it("sends a mail whose 'sent' mark was lost again under the same key, so the provider delivers it once", async () => {
    const prisma = await getPrisma();
    await sendMail(mail("lost-mark@test.local"));
    const first = await prisma.mailOutbox.findFirstOrThrow({ where: { to: "lost-mark@test.local" } });
    // The database went away between the provider's answer and the "sent" mark; the job tries again.
    await prisma.mailOutbox.update({ where: { id: first.id }, data: { status: "pending", sentAt: null } });
    const replayedBefore = resend.replayed;
    await workJobsOf(first.id);
    const sends = sendsTo("lost-mark@test.local");
    expect(sends.map((entry) => entry.key)).toEqual([`mail-${first.id}`, `mail-${first.id}`]);
    expect(resend.replayed).toBe(replayedBefore + 1);
    expect(resend.delivered.filter((entry) => entry.body.to === "lost-mark@test.local")).toHaveLength(1);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "sent",
      providerId: first.providerId,
    });
  });

  it("gives up after a day, marks the mail failed for the admins and ends its job; an admin's retry queues it again", async () => {
    const prisma = await getPrisma();
    failuresLeft = 1;
    const id = await enqueueMail(mail("flaky-late@test.local"));
    await prisma.mailOutbox.update({ where: { id }, data: { createdAt: new Date(Date.now() - 25 * 60 * 60_000) } });
    expect(await workJobsOf(id)).toEqual([
      expect.objectContaining({ status: "completed", output: { outcome: "failed" } }),
    ]);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      attempts: 1,
    });

    expect(await requeueFailedMail(id)).toBe(true);
    expect(await requeueFailedMail(id)).toBe(false);
    const { boss } = await getQueue();
    expect(await boss.findJobs(MAIL_QUEUE, { data: { id } })).toHaveLength(2);
    await workJobsOf(id);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("never puts a line break into a subject or an address", async () => {
    await sendMail({ ...mail("crlf@test.local"), subject: "Hello\r\nBcc: victim@example.com\nX: y" });
    const sent = resend.received.findLast((entry) => entry.body.to === "crlf@test.local")!;
    expect(sent.body.subject).toBe("Hello Bcc: victim@example.com X: y");
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "crlf@test.local" } });
    expect(stored.subject).not.toMatch(/[\r\n]/);
  });
});

describe("a mail written in the caller's transaction", () => {
  it("exists with its job when the transaction commits, and neither does when it rolls back", async () => {
    const prisma = await getPrisma();
    const id = await prisma.$transaction((tx) => enqueueMail(mail("tx-commit@test.local"), tx));
    expect((await jobOf(id)).state).toBe("created");
    let rolledBack = "";
    await expect(
      prisma.$transaction(async (tx) => {
        rolledBack = await enqueueMail(mail("tx-rollback@test.local"), tx);
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    expect(await prisma.mailOutbox.count({ where: { to: "tx-rollback@test.local" } })).toBe(0);
    const { boss } = await getQueue();
    expect(await boss.findJobs(MAIL_QUEUE, { data: { id: rolledBack } })).toHaveLength(0);
  });
});

describe("the mail queue worked by two instances", () => {
  let a: OpenQueue;
  let b: OpenQueue;

  afterAll(async () => {
    await Promise.all([a?.stop({ graceful: false }), b?.stop({ graceful: false })]);
  });

  it("delivers each of a burst once, retries a passing failure with growing pauses and never retries a refusal", async () => {
    const database = await getDatabase();
    [a, b] = [await openQueue(database), await openQueue(database)];
    // The queue's retries made short for the test: 1 s, doubling, at most 2 s.
    const worker = { ...MAIL_WORKER, queue: { ...MAIL_QUEUE_OPTIONS, retryDelay: 1, retryDelayMax: 2 } };
    await startJobs([], { queue: a, workers: [worker], workerPollingSeconds: 0.5 });
    await startJobs([], { queue: b, workers: [worker], workerPollingSeconds: 0.5 });

    failuresLeft = 2;
    const addresses = [
      ...Array.from({ length: 20 }, (_, i) => `burst-${i}@test.local`),
      "flaky-1@test.local",
      "bounce-1@test.local",
    ];
    const prisma = await getPrisma();
    // Written in transactions, like a feature's mails: their jobs make the first attempt.
    for (const to of addresses) await prisma.$transaction((tx) => enqueueMail(mail(to), tx));
    await expect
      .poll(() => prisma.mailOutbox.count({ where: { to: { in: addresses }, status: { not: "pending" } } }), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(addresses.length);
    for (const to of addresses.filter((entry) => entry.startsWith("burst-")))
      expect(resend.delivered.filter((entry) => entry.body.to === to)).toHaveLength(1);
    const flaky = flakyAt;
    expect(sendsTo("flaky-1@test.local")).toHaveLength(3);
    expect(flaky).toHaveLength(3);
    // pg-boss's backoff: 1–2 s after the first failure, then 2 s (its cap), each plus up to a poll.
    expect(flaky[1]! - flaky[0]!).toBeGreaterThanOrEqual(900);
    expect(flaky[2]! - flaky[1]!).toBeGreaterThanOrEqual(1900);
    expect(await prisma.mailOutbox.findFirstOrThrow({ where: { to: "flaky-1@test.local" } })).toMatchObject({
      status: "sent",
      attempts: 3,
    });
    expect(sendsTo("bounce-1@test.local")).toHaveLength(1);
    expect(await prisma.mailOutbox.findFirstOrThrow({ where: { to: "bounce-1@test.local" } })).toMatchObject({
      status: "failed",
      attempts: 1,
    });
  }, 30_000);
});
