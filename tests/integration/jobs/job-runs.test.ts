import { describe, expect, it } from "vitest";

import { jobStartGapMs } from "@/lib/jobs/job-health";
import { claimJobRun, finishJobRun, readJobStatuses } from "@/lib/jobs/job-runs";
import { startJobs, tickJob, type Job } from "@/lib/jobs/runner";

/**
 * Every app instance ticks every job on its own timer; the claim in job_runs lets one of them run
 * each tick. Here the instances are runners in one process on the same database (on PostgreSQL,
 * separate pooled connections, like separate servers).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countingJob(name: string, everyMs: number, extra: Partial<Job> = {}) {
  const starts: number[] = [];
  const job: Job = {
    name,
    everyMs,
    run: async () => {
      starts.push(Date.now());
      await sleep(30);
    },
    ...extra,
  };
  return { job, starts };
}

describe("one instance per tick", () => {
  it("two runners ticking the same job at the same moment run it once per tick", async () => {
    const { job, starts } = countingJob("test-once", 400);
    for (let tick = 1; tick <= 3; tick++) {
      const outcomes = await Promise.all([tickJob(job), tickJob(job)]);
      expect(outcomes.sort()).toEqual(["ran", "skipped"]);
      expect(starts).toHaveLength(tick);
      // A third instance a moment later: this tick has been run.
      expect(await tickJob(job)).toBe("skipped");
      await sleep(400);
    }
  });

  it("two started runners on their own timers run each tick once, never two starts within a tick", async () => {
    const everyMs = 300;
    const { job, starts } = countingJob("test-timers", everyMs);
    const stops = [startJobs([job]), startJobs([job])];
    await sleep(everyMs * 5 + 150);
    stops.forEach((stop) => stop());
    await sleep(100);
    // Each runner ticked 5 times; together they ran at most once a tick (a jittered tick may be lost).
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(5);
    // Starts are timed here, after the claim's round trip, so allow for its jitter (without the claim
    // the two runners start together, 0 to a few ms apart).
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(jobStartGapMs(everyMs) - 60);
    const [status] = await readJobStatuses([job]);
    expect(status).toMatchObject({ state: "succeeded", overdue: false, lastFailedAt: null });
  });

  it("keeps others off while a run lasts longer than the interval", async () => {
    const { job, starts } = countingJob("test-slow", 100, {
      run: async () => {
        starts.push(Date.now());
        await sleep(400);
      },
    });
    const first = tickJob(job);
    await sleep(200);
    expect(await tickJob(job)).toBe("skipped");
    expect((await readJobStatuses([job]))[0]!.state).toBe("running");
    expect(await first).toBe("ran");
    expect(await tickJob(job)).toBe("ran");
    expect(starts).toHaveLength(2);
  });
});

describe("what the runs leave behind", () => {
  it("records a failure's short message and time, then a later success", async () => {
    let failing = true;
    const job: Job = {
      name: "test-flaky",
      everyMs: 200,
      run: async () => {
        if (failing)
          throw new Error(
            "Resend answered 503 via https://app:hunter2@mail.test/send\n    at deliver (lib/mail/outbox.ts:1:1)",
          );
        return 1;
      },
    };
    expect(await tickJob(job)).toBe("failed");
    const [failed] = await readJobStatuses([job]);
    expect(failed).toMatchObject({
      state: "failed",
      lastError: "Resend answered 503 via https://***@mail.test/send",
      lastSucceededAt: null,
      lastStartedAt: expect.any(String),
      lastFailedAt: expect.any(String),
    });
    expect(Date.parse(failed!.lastFailedAt!)).toBeGreaterThanOrEqual(Date.parse(failed!.lastStartedAt!));

    failing = false;
    await sleep(200);
    expect(await tickJob(job)).toBe("ran");
    const [recovered] = await readJobStatuses([job]);
    expect(recovered).toMatchObject({ state: "succeeded", overdue: false, lastFailedAt: failed!.lastFailedAt });
    expect(Date.parse(recovered!.lastSucceededAt!)).toBeGreaterThan(Date.parse(failed!.lastFailedAt!));
    // The last error stays readable next to its time, under the newer success.
    expect(recovered!.lastError).toBe(failed!.lastError);
  });

  it("frees a job whose holder died once its lease has run out", async () => {
    const { job, starts } = countingJob("test-dead", 100, { leaseMs: 700 });
    // An instance claims the tick and goes away without a word.
    expect(await claimJobRun(job)).not.toBeNull();
    await sleep(250);
    expect(await tickJob(job)).toBe("skipped");
    expect((await readJobStatuses([job]))[0]!.state).toBe("running");
    await sleep(600);
    expect((await readJobStatuses([job]))[0]!.state).toBe("interrupted");
    expect(await tickJob(job)).toBe("ran");
    expect(starts).toHaveLength(1);
  });

  it("a holder back after its lease ran out does not free the claim another instance took since", async () => {
    const job: Job = { name: "test-late", everyMs: 100, leaseMs: 300, run: async () => undefined };
    const late = await claimJobRun(job);
    await sleep(350);
    const current = await claimJobRun(job);
    expect(current).not.toBeNull();
    await finishJobRun(job.name, late!);
    await sleep(150);
    expect(await claimJobRun(job)).toBeNull();
    await finishJobRun(job.name, current!);
    expect(await claimJobRun(job)).not.toBeNull();
  });
});
