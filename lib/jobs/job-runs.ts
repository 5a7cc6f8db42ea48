import "server-only";

import { getPrisma } from "../db/server";
import { JOB_LEASE_MS, jobOverdue, jobState, shortErrorMessage, type JobRunRow, type JobState } from "./job-health";

/**
 * What a periodic job's last runs did, in job_runs (one row per job), for /api/health and the
 * admin inbox. Which instance runs a job is the job queue's business (lib/jobs/runner.ts): this
 * row only records starts and outcomes, with times on the database's clock.
 */
export type ScheduledJob = { name: string; everyMs: number; leaseMs?: number };

export type JobStatus = {
  name: string;
  everyMs: number;
  state: JobState;
  overdue: boolean;
  lastStartedAt: string | null;
  lastSucceededAt: string | null;
  lastFailedAt: string | null;
  /** For admins only: a short message without stack or credentials (job-health.ts). */
  lastError: string | null;
};

/** Notes that a run of the job started (creating its row if no instance registered it). */
export async function recordJobStart(name: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.$executeRaw`
    INSERT INTO job_runs (name, "lastStartedAt") VALUES (${name}, clock_timestamp())
    ON CONFLICT (name) DO UPDATE SET "lastStartedAt" = excluded."lastStartedAt"`;
}

/** Writes a run's outcome: its success, or its failure with a short message (job-health.ts). */
export async function recordJobOutcome(name: string, failure?: { error: unknown }): Promise<void> {
  const prisma = await getPrisma();
  if (!failure) {
    await prisma.$executeRaw`UPDATE job_runs SET "lastSucceededAt" = clock_timestamp() WHERE name = ${name}`;
  } else {
    await prisma.$executeRaw`
      UPDATE job_runs SET "lastFailedAt" = clock_timestamp(), "lastError" = ${shortErrorMessage(failure.error)}
      WHERE name = ${name}`;
  }
}

/** Notes that an instance runs these jobs, so one that never ran since can be told overdue. */
export async function registerJobRuns(jobs: ScheduledJob[]): Promise<void> {
  const prisma = await getPrisma();
  await prisma.jobRun.createMany({ data: jobs.map((job) => ({ name: job.name })), skipDuplicates: true });
}

/** Every scheduled job with its last runs, in schedule order. */
export async function readJobStatuses(jobs: ScheduledJob[], now = Date.now()): Promise<JobStatus[]> {
  const prisma = await getPrisma();
  const rows: JobRunRow[] = await prisma.jobRun.findMany({ where: { name: { in: jobs.map((job) => job.name) } } });
  const byName = new Map(rows.map((row) => [row.name, row]));
  return jobs.map((job) => {
    const row = byName.get(job.name);
    return {
      name: job.name,
      everyMs: job.everyMs,
      state: jobState(row, now, job.leaseMs ?? JOB_LEASE_MS),
      overdue: jobOverdue(row, job.everyMs, now, job.leaseMs),
      lastStartedAt: row?.lastStartedAt?.toISOString() ?? null,
      lastSucceededAt: row?.lastSucceededAt?.toISOString() ?? null,
      lastFailedAt: row?.lastFailedAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
    };
  });
}
