import { afterEach, describe, expect, it } from "vitest";

import { getDatabase } from "@/lib/db/client";
import { readJobStatuses } from "@/lib/jobs/job-runs";
import { getQueue, openQueue } from "@/lib/jobs/queue";
import { startJobs, type Job } from "@/lib/jobs/runner";
import { beginDrain, resetLifecycleForTests, settle, workInFlight } from "@/lib/lifecycle";
import { enqueueMail, MAIL_QUEUE, mailQueueSettled, queueMail } from "@/lib/mail/outbox";

/**
 * An instance that got SIGTERM (lib/lifecycle.ts) stops its job queue's workers gracefully: it
 * takes no new job, the run in flight is tracked so the exit waits for it, and the job ends
 * `completed` rather than waiting out its expiry on another instance.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => resetLifecycleForTests());

describe("jobs while the instance drains", () => {
  it("takes no new job once draining, and the exit waits for the run in flight", async () => {
    const queue = await openQueue(await getDatabase());
    let starts = 0;
    let finished = 0;
    const job: Job = {
      name: "test-drain",
      everyMs: 1000,
      run: async () => {
        starts++;
        await sleep(1200);
        finished++;
      },
    };
    await startJobs([job], { queue, pollingFor: () => 0.5 });
    await expect.poll(() => starts, { timeout: 5000, interval: 10 }).toBe(1);
    beginDrain();
    expect(workInFlight()).toBeGreaterThanOrEqual(1);
    await settle();
    expect(workInFlight()).toBe(0);
    expect(finished).toBe(1);
    await sleep(1500);
    expect(starts).toBe(1);
    const states = await (
      await getDatabase()
    ).sql.query<{ state: string }>(
      `SELECT state::text FROM pgboss.job WHERE name = 'test-drain' AND state <> 'created'`,
    );
    expect(states.map((row) => row.state)).toEqual(["completed"]);
    expect((await readJobStatuses([job]))[0]).toMatchObject({ state: "succeeded" });
  });

  it("still writes mails and their jobs after its workers stopped: a request in flight may send one", async () => {
    const queue = await getQueue();
    await startJobs([], { queue });
    beginDrain();
    await settle();
    const id = await enqueueMail({
      to: "after-drain@test.local",
      subject: "Your receipt",
      text: "t",
      html: "<p>t</p>",
      locale: "en",
      kind: "test",
    });
    const jobs = await queue.boss.findJobs<{ id: string }>(MAIL_QUEUE, { data: { id } });
    expect(jobs.map((job) => job.state)).toEqual(["created"]);
  });
});

describe("mail sent after the answer while the instance drains", () => {
  it("a delivery a request started in the background is work the exit waits for", async () => {
    await queueMail({
      to: "drain-mail@test.local",
      subject: "Reset your password",
      text: "link",
      html: "<p>link</p>",
      locale: "en",
      kind: "passwordReset",
    });
    expect(workInFlight()).toBe(1);
    await mailQueueSettled();
    await expect.poll(() => workInFlight(), { timeout: 2000, interval: 10 }).toBe(0);
  });
});
