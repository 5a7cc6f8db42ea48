import "server-only";
import { deliverDue } from "../mail/outbox";
import { remindStaleHours } from "../../features/hours/server/hours-freshness";
import { purgeExpired } from "../../features/admin/server/retention";
import { sweepPayments } from "../../features/payments/server/payments";
import { refreshRatingScores } from "../../features/reviews/server/rating-scores";
import { rebuildMapCells } from "../../features/map/server/map-grid";
import { claimJobRun, finishJobRun, registerJobRuns, type ScheduledJob } from "./job-runs";

/**
 * The job runner: mail delivery with retries, the PayPal sweep and the purges, on timers in the
 * server process. Every instance ticks, but each tick of a job is claimed in job_runs first
 * (job-runs.ts), so one instance runs it, and its start, success or short error is kept there for
 * /api/health and the admin inbox. Every job is also safe on several instances at once (mail rows
 * are claimed with SKIP LOCKED and a lease, payments settle by conditional updates, purges are
 * idempotent): a run that outlives its claim's lease does no harm. It works the same on PGlite,
 * which is why it is this small loop rather than pg-boss or graphile-worker (both need a PostgreSQL
 * server, so the embedded mode would need another way). JOBS=off turns it off on an instance.
 */
export type Job = ScheduledJob & { run: () => Promise<unknown> };

export const JOBS: Job[] = [
  { name: "mail", everyMs: 10_000, run: () => deliverDue() },
  { name: "paypal-sweep", everyMs: 5 * 60_000, run: () => sweepPayments() },
  { name: "purge", everyMs: 60 * 60_000, run: () => purgeExpired() },
  { name: "rating-scores", everyMs: 10 * 60_000, run: () => refreshRatingScores() },
  { name: "hours-reminders", everyMs: 60 * 60_000, run: () => remindStaleHours() },
  // Cheap when nothing changed (one row, not claimed); until it has run, maps are grouped live.
  { name: "map-cells", everyMs: 10_000, run: () => rebuildMapCells() },
];

/** Jobs that run often and say nothing when they found nothing to do. */
const QUIET_WHEN_IDLE = new Set(["mail", "map-cells"]);

/**
 * One instance's tick of a job: runs it if this instance claims the tick, and records the outcome.
 * "skipped" when another instance holds the job or has started it within this tick.
 */
export async function tickJob(job: Job): Promise<"ran" | "failed" | "skipped"> {
  const runId = await claimJobRun(job);
  if (!runId) return "skipped";
  let failure: { error: unknown } | undefined;
  try {
    const result = await job.run();
    if (!QUIET_WHEN_IDLE.has(job.name) || result) console.info(`[jobs] ${job.name}: ${JSON.stringify(result)}`);
  } catch (error) {
    failure = { error };
    console.warn(`[jobs] ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  await finishJobRun(job.name, runId, failure);
  return failure ? "failed" : "ran";
}

/** Starts this instance's timers (every instance does; the claims keep each tick to one). Returns a stop. */
export function startJobs(jobs: Job[] = JOBS): () => void {
  if (process.env.JOBS === "off") return () => undefined;
  void registerJobRuns(jobs).catch((error: unknown) =>
    console.warn(`[jobs] could not register the jobs: ${error instanceof Error ? error.message : String(error)}`),
  );
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await tickJob(job);
      } catch (error) {
        // The claim or the record could not be written (the database is away): the next tick tries again.
        console.warn(`[jobs] ${job.name} not run: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = false;
      }
    };
    return setInterval(tick, job.everyMs).unref();
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
