import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { getDatabase } from "@/lib/db/client";
import { readJobStatuses } from "@/lib/jobs/job-runs";
import { openQueue, type OpenQueue } from "@/lib/jobs/queue";
import { cronFor, pollingSecondsFor, runJob, startJobs, type Job } from "@/lib/jobs/runner";
import { resetLifecycleForTests } from "@/lib/lifecycle";

import { setEnv } from "../../helpers/env";

/**
 * The periodic jobs on the job queue (lib/jobs/runner.ts, pg-boss). "Two instances" are two
 * pg-boss instances in this process on the same database (on PostgreSQL, each query on a pooled
 * connection of its own, like separate servers). Workers poll every half second here.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fast = { pollingFor: () => 0.5 };
let a: OpenQueue;
let b: OpenQueue;

beforeAll(async () => {
  const database = await getDatabase();
  [a, b] = [await openQueue(database), await openQueue(database)];
});

afterEach(() => resetLifecycleForTests());

// What each test started: a queue's stop alone leaves startJobs' send timers going after the file.
const started: (() => Promise<void>)[] = [];
async function start(...args: Parameters<typeof startJobs>) {
  const stop = await startJobs(...args);
  started.push(stop);
  return stop;
}

afterAll(async () => {
  await Promise.all(started.map((stop) => stop()));
  await Promise.all([a.stop({ graceful: false }), b.stop({ graceful: false })]);
});

function countingJob(name: string, everyMs: number, runMs = 50, extra: Partial<Job> = {}) {
  const starts: number[] = [];
  let running = 0;
  let overlapped = false;
  const job: Job = {
    name,
    everyMs,
    run: async () => {
      if (running) overlapped = true;
      running++;
      starts.push(Date.now());
      await sleep(runMs);
      running--;
      return 1;
    },
    ...extra,
  };
  return { job, starts, overlapped: () => overlapped };
}

describe("the schedule of each job", () => {
  it("makes whole-minute intervals cron schedules; faster or uneven ones are sent on timers", () => {
    expect(cronFor(60_000)).toBe("*/1 * * * *");
    expect(cronFor(5 * 60_000)).toBe("*/5 * * * *");
    expect(cronFor(60 * 60_000)).toBe("0 */1 * * *");
    expect(cronFor(6 * 60 * 60_000)).toBe("0 */6 * * *");
    expect(cronFor(10_000)).toBeNull();
    expect(cronFor(7 * 60_000)).toBeNull();
    expect(pollingSecondsFor({ everyMs: 10_000 })).toBe(2);
    expect(pollingSecondsFor({ everyMs: 60_000 })).toBe(12);
    expect(pollingSecondsFor({ everyMs: 60 * 60_000 })).toBe(30);
  });

  it("files a schedule for a job of whole minutes, on a singleton queue that expires after the job's lease", async () => {
    const stop = await start([{ name: "test-cron", everyMs: 5 * 60_000, leaseMs: 90_000, run: async () => 0 }], {
      queue: a,
      ...fast,
    });
    const schedules = await a.boss.getSchedules("test-cron");
    expect(schedules.map((entry) => [entry.name, entry.cron, entry.timezone])).toEqual([
      ["test-cron", "*/5 * * * *", "UTC"],
    ]);
    expect(await a.boss.getQueue("test-cron")).toMatchObject({
      policy: "singleton",
      retryLimit: 0,
      expireInSeconds: 90,
    });
    await a.boss.offWork("test-cron");
    void stop;
  });
});

describe("one run at a time across instances", () => {
  it("two instances sending a fast job run it once per slot, never two at once", async () => {
    const { job, starts, overlapped } = countingJob("test-fast", 1000);
    await start([job], { queue: a, ...fast });
    await start([job], { queue: b, ...fast });
    await sleep(4600);
    await Promise.all([a.boss.offWork(job.name), b.boss.offWork(job.name)]);
    expect(overlapped()).toBe(false);
    // A send a timer jitter puts into the slot another instance filled is dropped: 3 to 5 runs in 4.6 s.
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(5);
    const slots = starts.map((at) => Math.floor(at / 1000));
    expect(new Set(slots).size).toBeGreaterThanOrEqual(starts.length - 1);
    expect((await readJobStatuses([job]))[0]).toMatchObject({ state: "succeeded", overdue: false, lastFailedAt: null });
  });

  it("keeps the other instance off while a run lasts longer than the interval", async () => {
    const { job, starts, overlapped } = countingJob("test-slow", 1000, 2200);
    await start([job], { queue: a, ...fast });
    await start([job], { queue: b, ...fast });
    await expect.poll(() => starts.length, { timeout: 5000, interval: 20 }).toBe(1);
    await sleep(300);
    expect((await readJobStatuses([job]))[0]).toMatchObject({ state: "running" });
    await sleep(2500);
    await Promise.all([a.boss.offWork(job.name), b.boss.offWork(job.name)]);
    expect(overlapped()).toBe(false);
    expect(starts.length).toBeLessThanOrEqual(2);
    if (starts.length === 2) expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(2200);
  });
});

describe("what job_runs keeps", () => {
  it("records a start, then a success or a short failure, read back as the job's state", async () => {
    const job: Job = { name: "test-record", everyMs: 60_000, run: async () => 0 };
    expect(await runJob(job)).toBe("ran");
    expect((await readJobStatuses([job]))[0]).toMatchObject({ state: "succeeded", lastError: null });
    expect(await runJob({ ...job, run: () => Promise.reject(new Error("provider down\n    at x (y.ts:1:1)")) })).toBe(
      "failed",
    );
    const [status] = await readJobStatuses([job]);
    expect(status).toMatchObject({ state: "failed", lastError: "provider down", lastStartedAt: expect.any(String) });
  });

  it("a run its queue worker failed is marked failed on the queue too, and not retried", async () => {
    let runs = 0;
    const job: Job = {
      name: "test-failing",
      everyMs: 1000,
      run: async () => {
        runs++;
        throw new Error("always");
      },
    };
    await start([job], { queue: a, ...fast });
    await expect.poll(() => runs, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(1);
    await a.boss.offWork(job.name);
    await expect
      .poll(async () => (await a.boss.findJobs(job.name)).some((entry) => entry.state === "failed"), { timeout: 3000 })
      .toBe(true);
    const failed = (await a.boss.findJobs(job.name)).filter((entry) => entry.state === "failed");
    expect(failed.every((entry) => entry.retryCount === 0)).toBe(true);
  });
});

describe("a holder that died", () => {
  it("gets its job back once the job's expiry has passed and a supervise pass has run", async () => {
    await a.boss.createQueue("test-dead-holder", {
      policy: "singleton",
      expireInSeconds: 2,
      retryLimit: 1,
      retryDelay: 0,
    });
    const id = await a.boss.send("test-dead-holder", {});
    // Instance B fetches the job and goes away without a word.
    expect((await b.boss.fetch("test-dead-holder")).map((job) => job.id)).toEqual([id]);
    let runs = 0;
    await a.boss.work("test-dead-holder", { pollingIntervalSeconds: 0.5 }, async () => void runs++);
    await sleep(1500);
    expect(runs).toBe(0);
    await sleep(1000);
    // What the 60-second supervise timer runs on some instance with JOBS on.
    await a.boss.supervise("test-dead-holder");
    await expect.poll(() => runs, { timeout: 5000, interval: 50 }).toBe(1);
    await a.boss.offWork("test-dead-holder");
  });
});

describe("an instance with JOBS=off", () => {
  it("starts no worker, schedule or timer", async () => {
    setEnv({ JOBS: "off" });
    try {
      let runs = 0;
      await start([{ name: "test-off", everyMs: 1000, run: async () => void runs++ }], { queue: a, ...fast });
      await sleep(1500);
      expect(runs).toBe(0);
      expect(await a.boss.getQueue("test-off")).toBeNull();
    } finally {
      setEnv({ JOBS: undefined });
    }
  });
});
