import "server-only";

import { randomUUID } from "node:crypto";

import { getPrisma } from "../db/server";
import {
  JOB_LEASE_MS,
  jobOverdue,
  jobStartGapMs,
  jobState,
  shortErrorMessage,
  type JobRunRow,
  type JobState,
} from "./job-health";

/**
 * Which instance runs a periodic job's tick, and what its last runs did, in job_runs (one row per
 * job). Like outside-spacing.ts, a claim is ONE atomic upsert on the job's row with times on the
 * database's clock: it succeeds only when nobody holds the job (no lease, or a lease run out) and the
 * last start is at least a tick ago, and it takes the lease; the run itself happens outside any
 * transaction and its outcome is written after.
 *
 * Why not an advisory lock: a session lock (pg_try_advisory_lock) does not survive PgBouncer in
 * transaction mode, where each transaction may get another server connection. A transaction lock
 * (pg_try_advisory_xact_lock) would have to keep one transaction open for the whole run: through
 * PgBouncer that pins a server connection while mail waits on Resend; on PGlite, the single
 * connection would be held by that transaction while the job's own queries wait for it. It would
 * also only keep runs apart while they overlap: an instance ticking a moment after another's run
 * finished would run the job again. The row keeps the last start, so each tick runs once across
 * all instances, and the lease frees a job whose holder died.
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

/** Claims the job for this tick: the claim's id when this caller should run it, else null. */
export async function claimJobRun(job: ScheduledJob): Promise<string | null> {
  const prisma = await getPrisma();
  const runId = randomUUID();
  const leaseMs = job.leaseMs ?? JOB_LEASE_MS;
  // ON CONFLICT DO UPDATE locks the row and checks WHERE against its newest version, so of two
  // concurrent claims the second sees the first's lease and start, and takes nothing.
  const rows = await prisma.$queryRaw<{ runId: string }[]>`
    INSERT INTO job_runs (name, "runId", "leaseUntil", "lastStartedAt")
    VALUES (${job.name}, ${runId}::uuid, clock_timestamp() + ${leaseMs} * interval '1 millisecond', clock_timestamp())
    ON CONFLICT (name) DO UPDATE SET "runId" = excluded."runId", "leaseUntil" = excluded."leaseUntil", "lastStartedAt" = excluded."lastStartedAt"
      WHERE (job_runs."leaseUntil" IS NULL OR job_runs."leaseUntil" <= clock_timestamp())
        AND (job_runs."lastStartedAt" IS NULL OR job_runs."lastStartedAt" <= clock_timestamp() - ${jobStartGapMs(job.everyMs)} * interval '1 millisecond')
    RETURNING "runId"::text AS "runId"`;
  return rows[0]?.runId ?? null;
}

/**
 * Writes a run's outcome. The lease is given back only if it is still this run's: a run that
 * outlived its lease must not free the claim another instance took since.
 */
export async function finishJobRun(name: string, runId: string, failure?: { error: unknown }): Promise<void> {
  const prisma = await getPrisma();
  if (!failure) {
    await prisma.$executeRaw`
      UPDATE job_runs SET "lastSucceededAt" = clock_timestamp(),
        "leaseUntil" = CASE WHEN "runId" = ${runId}::uuid THEN NULL ELSE "leaseUntil" END,
        "runId" = CASE WHEN "runId" = ${runId}::uuid THEN NULL ELSE "runId" END
      WHERE name = ${name}`;
  } else {
    await prisma.$executeRaw`
      UPDATE job_runs SET "lastFailedAt" = clock_timestamp(), "lastError" = ${shortErrorMessage(failure.error)},
        "leaseUntil" = CASE WHEN "runId" = ${runId}::uuid THEN NULL ELSE "leaseUntil" END,
        "runId" = CASE WHEN "runId" = ${runId}::uuid THEN NULL ELSE "runId" END
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
      state: jobState(row, now),
      overdue: jobOverdue(row, job.everyMs, now, job.leaseMs),
      lastStartedAt: row?.lastStartedAt?.toISOString() ?? null,
      lastSucceededAt: row?.lastSucceededAt?.toISOString() ?? null,
      lastFailedAt: row?.lastFailedAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
    };
  });
}
