import "server-only";

import { purgeExpired } from "@/features/admin/server/retention";
import { lapseUnpaidClaims } from "@/features/claims/server/claim-payment";
import { remindStaleHours } from "@/features/hours/server/hours-freshness";
import { rebuildMapCells } from "@/features/map/server/map-grid";
import { requeueStalledDeliveries } from "@/features/notifications/server/deliveries";
import { scheduledOsmImport } from "@/features/osm/server/scheduled";
import { sweepMonoPayments } from "@/features/payments/server/monobank-sweep";
import { sweepPayments } from "@/features/payments/server/paypal-payments";
import { remindBookings } from "@/features/requests/booking/server/reminders";
import { runQuoteRequestJobs } from "@/features/requests/server/scheduled";
import { refreshRatingScores } from "@/features/reviews/server/rating-scores";
import { REVIEW_DIGEST_EVERY_MS, sendReviewDigests } from "@/features/reviews/server/review-digest";
import { refreshReviewWeights } from "@/features/reviews/server/weights-job";
import type { Job } from "@/lib/jobs/runner";

/**
 * The app's periodic jobs: which feature's function runs how often. Like proxy.ts, this file wires
 * the features into lib's machinery (lib/jobs/runner.ts runs them on the job queue, one run at a
 * time across instances), so lib stays free of the features it serves. /api/health and the admin
 * inbox list the same jobs. Mail is not among them: each mail's retries are jobs of their own
 * (lib/mail/outbox.ts).
 */
export const JOBS: Job[] = [
  { name: "paypal-sweep", everyMs: 5 * 60_000, run: () => sweepPayments() },
  // monobank invoices still open past their 15 minutes: a lost webhook is made up for here.
  { name: "mono-sweep", everyMs: 5 * 60_000, run: () => sweepMonoPayments() },
  { name: "purge", everyMs: 60 * 60_000, run: () => purgeExpired() },
  { name: "rating-scores", everyMs: 10 * 60_000, run: () => refreshRatingScores() },
  // Reviews of accounts still maturing gain weight as the accounts age (features/reviews/weight.ts).
  { name: "review-weights", everyMs: 60 * 60_000, quietWhenIdle: true, run: () => refreshReviewWeights() },
  { name: "hours-reminders", everyMs: 60 * 60_000, run: () => remindStaleHours() },
  // Verified claims unpaid for 7 days lapse, their claimants mailed (features/claims/rules.ts CLAIM_PAY_DAYS);
  // a claim, a verification or the claimant's own look at the place lapses its listing's at once.
  { name: "claim-lapse", everyMs: 60 * 60_000, quietWhenIdle: true, run: () => lapseUnpaidClaims() },
  { name: "review-digest", everyMs: REVIEW_DIGEST_EVERY_MS, run: () => sendReviewDigests() },
  // Drivers' requests for a price: closes those 72 hours old, reminds services after 2 hours
  // without an answer, confirms jobs left unanswered for 72 hours, refreshes response figures
  // (features/requests/server/scheduled.ts).
  { name: "quote-requests", everyMs: 10 * 60_000, quietWhenIdle: true, run: (now) => runQuoteRequestJobs(now) },
  // Both sides of a booked time, the day and two hours before it (features/requests/booking/server/reminders.ts).
  { name: "booking-reminders", everyMs: 10 * 60_000, quietWhenIdle: true, run: (now) => remindBookings(now) },
  // Cheap when nothing changed (one row read); until it has run, maps are grouped live.
  // A Telegram or push delivery whose job ran out of retries while the database was away gets another.
  {
    name: "notification-sweep",
    everyMs: 10 * 60_000,
    quietWhenIdle: true,
    run: (now) => requeueStalledDeliveries(now),
  },
  { name: "map-cells", everyMs: 10_000, quietWhenIdle: true, run: () => rebuildMapCells() },
  // Asked hourly; imports once the last successful import is a week old (features/osm/server/scheduled.ts).
  // Off unless OSM_IMPORT_JOB (production: on).
  {
    name: "osm-import",
    everyMs: 60 * 60_000,
    leaseMs: 30 * 60_000,
    quietWhenIdle: true,
    run: () => scheduledOsmImport(),
  },
];
