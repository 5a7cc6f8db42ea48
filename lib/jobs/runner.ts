import "server-only";

import { env } from "@/lib/env";
import { isDraining, trackWork } from "@/lib/lifecycle";
import { log } from "@/lib/log";
import { countOne, inSpan } from "@/lib/telemetry/instruments";

import { claimJobRun, finishJobRun, registerJobRuns, type ScheduledJob } from "./job-runs";

/**
 * The job runner: the app's periodic jobs (jobs.ts at the root lists them: mail delivery, the
 * PayPal sweep, purges…) on timers in the server process. Every instance ticks, but each tick of a job is claimed in job_runs first
 * (job-runs.ts), so one instance runs it, and its start, success or short error is kept there for
 * /api/health and the admin inbox. Every job is also safe on several instances at once (mail rows
 * are claimed with SKIP LOCKED and a lease, payments settle by conditional updates, purges are
 * idempotent): a run that outlives its claim's lease does no harm. It works the same on PGlite,
 * which is why it is this small loop rather than pg-boss or graphile-worker (both need a PostgreSQL
 * server, so the embedded mode would need another way). JOBS=off turns it off on an instance.
 */
export type Job = ScheduledJob & {
  run: () => Promise<unknown>;
  /** A job that runs often says nothing when it found nothing to do (its result is falsy). */
  quietWhenIdle?: boolean;
};

/**
 * One instance's tick of a job: runs it if this instance claims the tick, and records the outcome.
 * "skipped" when another instance holds the job or has started it within this tick.
 */
export async function tickJob(job: Job): Promise<"ran" | "failed" | "skipped"> {
  // A draining instance (SIGTERM, lib/lifecycle.ts) starts nothing it might not finish: another takes the tick.
  if (isDraining()) return "skipped";
  const runId = await claimJobRun(job);
  if (!runId) return "skipped";
  let failure: { error: unknown } | undefined;
  try {
    // A span per run (its database statements and calls under it) when telemetry is on.
    const result = await inSpan(`job ${job.name}`, { "job.name": job.name }, job.run);
    if (!job.quietWhenIdle || result) log.info({ area: "jobs", job: job.name, result }, "job ran");
  } catch (error) {
    failure = { error };
    log.warn({ area: "jobs", job: job.name, err: error }, "job failed");
  }
  countOne("job.runs", "Job runs this instance claimed, by job and outcome (ran or failed)", {
    "job.name": job.name,
    "job.outcome": failure ? "failed" : "ran",
  });
  await finishJobRun(job.name, runId, failure);
  return failure ? "failed" : "ran";
}

/** Starts this instance's timers (every instance does; the claims keep each tick to one). Returns a stop. */
export function startJobs(jobs: Job[]): () => void {
  if (env.JOBS === "off") return () => undefined;
  void registerJobRuns(jobs).catch((error: unknown) =>
    log.warn({ area: "jobs", err: error }, "could not register the jobs"),
  );
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        // Tracked, so that a drain waits for the run to end rather than the exit cutting it.
        await trackWork(tickJob(job));
      } catch (error) {
        // The claim or the record could not be written (the database is away): the next tick tries again.
        log.warn({ area: "jobs", job: job.name, err: error }, "job not run");
      } finally {
        running = false;
      }
    };
    return setInterval(tick, job.everyMs).unref();
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
