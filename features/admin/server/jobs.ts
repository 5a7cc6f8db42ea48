import "server-only";

import { refusal, requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { jobsHealth, type PublicJobStatus } from "@/lib/health";
import { readJobStatuses, type JobStatus, type ScheduledJob } from "@/lib/jobs/job-runs";

/**
 * /admin/inbox: each periodic job's last start, success and failure, with the failure's message
 * (admins only). The app passes its job list (jobs.ts at the root, which runs features' functions,
 * this one's among them): a feature does not import the app.
 */
export async function listJobStatuses(viewer: Viewer | null, jobs: ScheduledJob[]): Promise<JobStatus[]> {
  requireAccess(viewer, "admin");
  return readJobStatuses(jobs);
}

/**
 * The job list /api/health adds for admins. Anyone may ask /api/health (balancers, the tests'
 * servers), and the jobs' names and times map the background work for an attacker, so everyone
 * else gets the database's state alone.
 */
export async function healthJobsFor(viewer: Viewer | null, jobs: ScheduledJob[]): Promise<PublicJobStatus[] | null> {
  if (refusal(viewer, "admin")) return null;
  return jobsHealth(jobs);
}
