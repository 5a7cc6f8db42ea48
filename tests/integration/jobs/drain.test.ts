import { afterEach, describe, expect, it } from "vitest";

import { readJobStatuses } from "@/lib/jobs/job-runs";
import { startJobs, tickJob, type Job } from "@/lib/jobs/runner";
import { beginDrain, onDrain, resetLifecycleForTests, workInFlight } from "@/lib/lifecycle";
import { mailQueueSettled, queueMail } from "@/lib/mail/outbox";

/**
 * An instance that got SIGTERM (lib/lifecycle.ts) claims no new tick, stops its timers, and the
 * run it has in flight is tracked so the exit waits for it.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => resetLifecycleForTests());

describe("jobs while the instance drains", () => {
  it("claims no tick once draining: the job stays free for another instance", async () => {
    let runs = 0;
    const job: Job = { name: "test-drain-claim", everyMs: 100, run: async () => void runs++ };
    beginDrain();
    expect(await tickJob(job)).toBe("skipped");
    expect(runs).toBe(0);
    expect((await readJobStatuses([job]))[0]).toMatchObject({ state: "neverRun", lastStartedAt: null });
  });

  it("stops the timers on drain and tracks the run in flight until it ends", async () => {
    let starts = 0;
    let finished = 0;
    const job: Job = {
      name: "test-drain-timers",
      everyMs: 100,
      run: async () => {
        starts++;
        await sleep(400);
        finished++;
      },
    };
    onDrain(startJobs([job]));
    await expect.poll(() => starts, { timeout: 2000, interval: 10 }).toBe(1);
    beginDrain();
    expect(workInFlight()).toBe(1);
    await expect.poll(() => workInFlight(), { timeout: 2000, interval: 10 }).toBe(0);
    expect(finished).toBe(1);
    await sleep(400);
    expect(starts).toBe(1);
    expect((await readJobStatuses([job]))[0]).toMatchObject({ state: "succeeded" });
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
