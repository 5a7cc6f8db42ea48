import "server-only";

import { getPrisma } from "@/lib/db/server";
import { readJobStatuses, type JobStatus, type ScheduledJob } from "@/lib/jobs/job-runs";

export async function checkDatabase(): Promise<boolean> {
  try {
    const prisma = await getPrisma();
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

/** What /api/health tells anyone about a periodic job: times and lateness, never the error text. */
export type PublicJobStatus = Pick<
  JobStatus,
  "name" | "lastStartedAt" | "lastSucceededAt" | "lastFailedAt" | "overdue"
>;

/** Each job's public status, or null when it cannot be read (the answer's status stays the database's). */
export async function jobsHealth(jobs: ScheduledJob[]): Promise<PublicJobStatus[] | null> {
  try {
    const statuses = await readJobStatuses(jobs);
    // Picked field by field: the admins' lastError must not reach this public answer.
    return statuses.map(({ name, lastStartedAt, lastSucceededAt, lastFailedAt, overdue }) => ({
      name,
      lastStartedAt,
      lastSucceededAt,
      lastFailedAt,
      overdue,
    }));
  } catch {
    return null;
  }
}
