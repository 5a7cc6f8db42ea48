/**
 * The rules read off a periodic job's row in job_runs (lib/jobs/job-runs.ts): how long a run is
 * trusted, when a job counts as overdue, its state, and the short error kept for admins. Pure, so
 * the runner, /api/health and the admin inbox agree.
 */

/**
 * How long a run may last before the job queue takes it for dead (its job's expiry, lib/jobs/runner.ts):
 * a job whose holder died runs again after this, once a supervise pass has run. A constant for now:
 * no setting reads it; a job may set its own (`leaseMs`).
 */
export const JOB_LEASE_MS = 2 * 60_000;

/** The longest error message kept: enough to tell one failure from another, never a stack. */
export const JOB_ERROR_MAX = 200;

export type JobRunRow = {
  name: string;
  lastStartedAt: Date | null;
  lastSucceededAt: Date | null;
  lastFailedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
};

export type JobState = "neverRun" | "running" | "succeeded" | "failed" | "interrupted";

/**
 * Overdue: no success for two intervals plus a lease (one tick missed, then a run that held its
 * claim to the end), counted from the last success, or from when the job was first registered if
 * it never succeeded. A job no instance ever registered is overdue: nothing runs it.
 */
export function jobOverdue(
  row: Pick<JobRunRow, "lastSucceededAt" | "createdAt"> | undefined,
  everyMs: number,
  now: number,
  leaseMs = JOB_LEASE_MS,
): boolean {
  if (!row) return true;
  const since = (row.lastSucceededAt ?? row.createdAt).getTime();
  return now - since > 2 * everyMs + leaseMs;
}

/**
 * What the last run did, or that one is going on now: started after its last outcome, within its
 * lease. Started after its last outcome and longer ago than that: the instance running it went away.
 */
export function jobState(row: JobRunRow | undefined, now: number, leaseMs = JOB_LEASE_MS): JobState {
  if (!row?.lastStartedAt) return "neverRun";
  const started = row.lastStartedAt.getTime();
  const succeeded = row.lastSucceededAt?.getTime() ?? -Infinity;
  const failed = row.lastFailedAt?.getTime() ?? -Infinity;
  if (started > Math.max(succeeded, failed)) return now - started < leaseMs ? "running" : "interrupted";
  return failed > succeeded ? "failed" : "succeeded";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message kept for a failed run: one line, no stack, no code frame, without what looks like a
 * credential (a URL's user:password, a bearer token, key=value secrets, long random tokens), cut to
 * JOB_ERROR_MAX. Admins read it in the inbox; it is never public.
 */
export function shortErrorMessage(error: unknown): string {
  const raw =
    error instanceof Error ? error.message || error.name : typeof error === "string" ? error : "Unknown error";
  const lines = raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^at\s/.test(line));
  // Prisma's messages open with "Invalid `prisma.x.y()` invocation in <file>", then a code frame,
  // then what went wrong on the last line.
  const invocation = lines[0]?.match(/^Invalid `([^`]+)` invocation/);
  const text =
    invocation && lines.length > 1 ? `${invocation[1]}: ${lines[lines.length - 1]}` : (lines[0] ?? "Unknown error");
  const redacted = text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1***@")
    .replace(/\b(bearer|basic)\s+[^\s,;]+/gi, "$1 ***")
    .replace(
      /\b(password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|client[_-]?secret|authorization)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;&]+)/gi,
      "$1$2***",
    )
    .replace(/[A-Za-z0-9_-]{24,}/g, (word) =>
      UUID.test(word) || !/\d/.test(word) || !/[A-Za-z]/.test(word) ? word : "***",
    );
  return redacted.length > JOB_ERROR_MAX ? `${redacted.slice(0, JOB_ERROR_MAX - 1)}…` : redacted;
}
