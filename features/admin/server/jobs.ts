import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { JOBS } from "@/jobs";
import { readJobStatuses, type JobStatus } from "@/lib/jobs/job-runs";

/** /admin/inbox: each periodic job's last start, success and failure, with the failure's message (admins only). */
export async function listJobStatuses(viewer: Viewer | null): Promise<JobStatus[]> {
  requireAccess(viewer, "admin");
  return readJobStatuses(JOBS);
}
