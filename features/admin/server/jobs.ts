import "server-only";

import { refusal, requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { JOBS } from "@/jobs";
import { jobsHealth, type PublicJobStatus } from "@/lib/health";
import { readJobStatuses, type JobStatus } from "@/lib/jobs/job-runs";

/** /admin/inbox: each periodic job's last start, success and failure, with the failure's message (admins only). */
export async function listJobStatuses(viewer: Viewer | null): Promise<JobStatus[]> {
  requireAccess(viewer, "admin");
  return readJobStatuses(JOBS);
}

/**
 * The job list /api/health adds for admins. Anyone may ask /api/health (balancers, the tests'
 * servers), and the jobs' names and times map the background work for an attacker, so everyone
 * else gets the database's state alone.
 */
export async function healthJobsFor(viewer: Viewer | null): Promise<PublicJobStatus[] | null> {
  if (refusal(viewer, "admin")) return null;
  return jobsHealth(JOBS);
}
