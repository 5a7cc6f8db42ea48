import "server-only";
import { readJobStatuses, type JobStatus } from "../../../lib/jobs/job-runs";
import { JOBS } from "../../../lib/jobs/runner";
import { requireAccess } from "../../accounts/server/guards";
import type { Viewer } from "../../accounts/server/session";

/** /admin/inbox: each periodic job's last start, success and failure, with the failure's message (admins only). */
export async function listJobStatuses(viewer: Viewer | null): Promise<JobStatus[]> {
  requireAccess(viewer, "admin");
  return readJobStatuses(JOBS);
}
