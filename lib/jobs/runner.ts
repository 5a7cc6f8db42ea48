import "server-only";

import type { JobResult, Job as QueuedJob } from "pg-boss";

import { env } from "@/lib/env";
import { isDraining, onDrain, trackWork } from "@/lib/lifecycle";
import { log } from "@/lib/log";
import { countOne, inSpan } from "@/lib/telemetry/instruments";

import { JOB_LEASE_MS } from "./job-health";
import { recordJobOutcome, recordJobStart, registerJobRuns, type ScheduledJob } from "./job-runs";
import { ensureQueue, getQueue, type OpenQueue, type QueueSettings } from "./queue";

/**
 * The app's periodic jobs (jobs.ts at the root lists them: the PayPal sweep, purges…) and its
 * queued work (a mail's retries) on the job queue (./queue.ts, pg-boss, decision 0023). Each
 * periodic job has a `singleton` queue, so no two runs of it overlap across instances, and a job
 * whose holder died runs again once its expiry (`leaseMs`) has passed and a supervise pass ran.
 * Whole-minute intervals are pg-boss schedules (one job per occurrence across instances); faster
 * ones cannot be (pg-boss 12.38 sends at most one job per 60-second slot of a schedule), so every
 * instance sends them on its own timer with a throttle key of the interval: one job per slot
 * across instances. Each run's start, success or short error is kept in job_runs for /api/health
 * and the admin inbox. JOBS=off keeps an instance out of it (it still sends jobs).
 */
export type Job = ScheduledJob & {
  /** `now` only from the development trigger (app/api/dev/jobs), to run a job as at another time. */
  run: (now?: Date) => Promise<unknown>;
  /** A job that runs often says nothing when it found nothing to do (its result is falsy). */
  quietWhenIdle?: boolean;
};

/** Work sent as jobs by the app (a mail's retries), worked in batches with a result per job. */
export type QueueWorker<T extends object = object> = {
  name: string;
  queue: QueueSettings;
  batchSize: number;
  work(jobs: QueuedJob<T>[]): Promise<JobResult[]>;
};

/** A fifth of the interval, between 2 and 30 s: a job waits at most that long past its start. */
export function pollingSecondsFor(job: Pick<Job, "everyMs">): number {
  return Math.min(30, Math.max(2, job.everyMs / 5000));
}

/** A cron expression for an interval of whole minutes that divides an hour or a day, else null. */
export function cronFor(everyMs: number): string | null {
  const minutes = everyMs / 60_000;
  if (!Number.isInteger(minutes) || minutes < 1) return null;
  if (minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`;
  if (minutes % 60 === 0 && 24 % (minutes / 60) === 0) return `0 */${minutes / 60} * * *`;
  return null;
}

/** One run of a job, as its queue's worker runs it: recorded in job_runs, in a span, counted. */
export async function runJob(job: Job): Promise<"ran" | "failed"> {
  await recordJobStart(job.name);
  let failure: { error: unknown } | undefined;
  try {
    // A span per run (its database statements and calls under it) when telemetry is on.
    const result = await inSpan(`job ${job.name}`, { "job.name": job.name }, job.run);
    if (!job.quietWhenIdle || result) log.info({ area: "jobs", job: job.name, result }, "job ran");
  } catch (error) {
    failure = { error };
    log.warn({ area: "jobs", job: job.name, err: error }, "job failed");
  }
  countOne("job.runs", "Job runs on this instance, by job and outcome (ran or failed)", {
    "job.name": job.name,
    "job.outcome": failure ? "failed" : "ran",
  });
  await recordJobOutcome(job.name, failure);
  return failure ? "failed" : "ran";
}

export type StartJobsOptions = {
  /** The queue to work on: the process-wide one unless a test brings its own instance. */
  queue?: OpenQueue;
  /** Seconds between a worker's polls of a job's queue (tests poll faster). */
  pollingFor?: (job: Job) => number;
  /** Seconds between a queue worker's polls (2 by default). */
  workerPollingSeconds?: number;
  workers?: QueueWorker[];
};

/**
 * Starts this instance's part: a worker per job and per queue worker, the schedules, the timers of
 * the fast jobs. On drain (SIGTERM) it stops them gracefully within SHUTDOWN_TIMEOUT_MS, tracked,
 * so the exit waits for the runs in flight. Returns that stop.
 */
export async function startJobs(jobs: Job[], options: StartJobsOptions = {}): Promise<() => Promise<void>> {
  if (env.JOBS === "off") return async () => undefined;
  const queue = options.queue ?? (await getQueue());
  const { boss } = queue;
  const pollingFor = options.pollingFor ?? pollingSecondsFor;
  await registerJobRuns(jobs);
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    // retryLimit 0: a failed run is recorded and the next interval's job tries again.
    await ensureQueue(boss, job.name, {
      policy: "singleton",
      retryLimit: 0,
      expireInSeconds: Math.ceil((job.leaseMs ?? JOB_LEASE_MS) / 1000),
    });
    await boss.work(job.name, { pollingIntervalSeconds: pollingFor(job) }, async () => {
      // Tracked as well, so that the exit waits for the run even past pg-boss's own stop.
      if ((await trackWork(runJob(job))) === "failed") throw new Error(`${job.name} failed`);
    });
    const cron = cronFor(job.everyMs);
    if (cron) {
      await boss.schedule(job.name, cron, null, { tz: "UTC" });
    } else {
      const seconds = Math.max(1, Math.round(job.everyMs / 1000));
      const tick = () =>
        void boss
          .send(job.name, null, { singletonKey: job.name, singletonSeconds: seconds })
          .catch((error: unknown) => log.warn({ area: "jobs", job: job.name, err: error }, "job not queued"));
      timers.push(setInterval(tick, job.everyMs).unref());
    }
  }
  for (const worker of options.workers ?? []) {
    await ensureQueue(boss, worker.name, worker.queue);
    await boss.work(
      worker.name,
      {
        batchSize: worker.batchSize,
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: options.workerPollingSeconds ?? 2,
      },
      (batch: QueuedJob<object>[]) => trackWork(worker.work(batch)),
    );
  }
  let stopping: Promise<void> | null = null;
  const stop = () => {
    timers.forEach((timer) => clearInterval(timer));
    // close: false keeps the app's connection, and this instance can still send jobs (a request in
    // flight during the drain may write a mail); only its workers, schedules and supervision end.
    stopping ??= queue.stop({ graceful: true, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
    return stopping;
  };
  // A SIGTERM that came while the queues were being made found no hook to run: stop now.
  if (isDraining()) void trackWork(stop());
  else onDrain(() => trackWork(stop()));
  return stop;
}
