import "server-only";
import { deliverDue } from "../mail/outbox";
import { remindStaleHours } from "../../features/hours/server/hours-freshness";
import { purgeExpired } from "../../features/admin/server/retention";
import { sweepPayments } from "../../features/payments/server/payments";
import { refreshRatingScores } from "../../features/reviews/server/rating-scores";
import { rebuildMapCells } from "../../features/map/server/map-grid";

/**
 * The job runner: mail delivery with retries, the PayPal sweep and the purges, on timers in the
 * server process. Every job is safe on several instances at once (mail rows are claimed with
 * SKIP LOCKED and a lease, payments settle by conditional updates, purges are idempotent), and it
 * works the same on PGlite, which is why it is this small loop over the outbox rather than pg-boss
 * or graphile-worker (both need a PostgreSQL server, so the embedded mode would need another way).
 * JOBS=off turns it off on an instance (e.g. to keep one runner in a cluster).
 */
type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

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

export function startJobs(): void {
  if (process.env.JOBS === "off") return;
  for (const job of JOBS) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run();
        if (!QUIET_WHEN_IDLE.has(job.name) || result) console.info(`[jobs] ${job.name}: ${JSON.stringify(result)}`);
      } catch (error) {
        console.warn(`[jobs] ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = false;
      }
    };
    setInterval(tick, job.everyMs).unref();
  }
}
