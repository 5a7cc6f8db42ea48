import "server-only";

import { z } from "zod";

import { getDatabase } from "@/lib/db/client";
import { migrationNames } from "@/lib/db/migrations";
import { getPrisma } from "@/lib/db/server";
import { readJobStatuses, type ScheduledJob } from "@/lib/jobs/job-runs";
import { QUEUE_SCHEMA_VERSION, queueSchemaVersion } from "@/lib/jobs/queue";
import { isDraining } from "@/lib/lifecycle";

export async function checkDatabase(): Promise<boolean> {
  try {
    const prisma = await getPrisma();
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

export const jobStatusAnswer = z
  .object({
    name: z.string(),
    lastStartedAt: z.iso.datetime().nullable(),
    lastSucceededAt: z.iso.datetime().nullable(),
    lastFailedAt: z.iso.datetime().nullable(),
    overdue: z.boolean().meta({ description: "It has not run for longer than its period allows." }),
  })
  .meta({ id: "JobStatus" });

/** What /api/health tells anyone about a periodic job: times and lateness, never the error text. */
export type PublicJobStatus = z.infer<typeof jobStatusAnswer>;

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

/** GET /api/livez: the process answers. Nothing else is asked, so a slow database never restarts it. */
export const livenessAnswer = z.object({ status: z.literal("ok") }).meta({ id: "Liveness" });

/**
 * GET /api/readyz: whether this instance should get traffic. Each check is "ok" or says what is
 * wrong: the database does not answer, a migration shipped with this build is not applied (Prisma's,
 * or the job queue's schema at the pinned pg-boss version; with the database away, it cannot be
 * known), or the instance is draining after SIGTERM.
 */
export const readinessAnswer = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    checks: z.object({
      database: z.enum(["ok", "unreachable"]),
      migrations: z.enum(["ok", "pending", "unknown"]),
      shutdown: z.enum(["ok", "draining"]),
    }),
  })
  .meta({ id: "Readiness" });
export type Readiness = z.infer<typeof readinessAnswer>;

/**
 * How long a migrations comparison is reused. Balancers and orchestrators ask every few seconds;
 * migrations change only at a deploy, and a few seconds' delay in seeing one is harmless.
 */
export const MIGRATIONS_CHECK_MS = 5_000;

let shipped: string[] | null = null;
let lastComparison: { at: number; pending: boolean } | null = null;

/**
 * Whether a migration this build ships is not applied, compared with _prisma_migrations (which
 * applyMigrations keeps, lib/db/migrations.ts), or the job queue's schema is not at the version of
 * the pinned pg-boss (the migrate step installs it, lib/jobs/queue.ts); null when the database
 * cannot be asked. The shipped names are read once (they are part of the build); the answer is
 * kept MIGRATIONS_CHECK_MS.
 */
async function migrationsPending(): Promise<boolean | null> {
  const now = Date.now();
  if (lastComparison && now - lastComparison.at < MIGRATIONS_CHECK_MS) return lastComparison.pending;
  shipped ??= migrationNames();
  try {
    const prisma = await getPrisma();
    const rows = await prisma.$queryRaw<{ name: string }[]>`
      SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    const applied = new Set(rows.map((row) => row.name));
    const queueVersion = await queueSchemaVersion((await getDatabase()).sql);
    // No folder at all means a build shipped without its migrations: nothing can be compared.
    const pending =
      shipped.length === 0 || shipped.some((name) => !applied.has(name)) || queueVersion !== QUEUE_SCHEMA_VERSION;
    lastComparison = { at: now, pending };
    return pending;
  } catch {
    // The database is away, or the bookkeeping table does not exist yet (nothing migrated).
    return (await checkDatabase()) ? true : null;
  }
}

/** The answer of GET /api/readyz. */
export async function checkReadiness(): Promise<Readiness> {
  const [database, pending] = await Promise.all([checkDatabase(), migrationsPending()]);
  const checks: Readiness["checks"] = {
    database: database ? "ok" : "unreachable",
    migrations: pending === null || !database ? "unknown" : pending ? "pending" : "ok",
    shutdown: isDraining() ? "draining" : "ok",
  };
  const ready = Object.values(checks).every((check) => check === "ok");
  return { status: ready ? "ok" : "unavailable", checks };
}
