import { getPrisma } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { shortErrorMessage } from "@/lib/jobs/job-health";

// No "server-only" marker here either, as in apply-answer.ts: prisma/seed.ts, run by plain tsx,
// imports this through applyOverpassAnswer.

export type ImportTrigger = "job" | "admin" | "cli" | "seed";

export type ImportCounts = {
  elements: number;
  added: number;
  updated: number;
  unchanged: number;
  hidden: number;
  restored: number;
  linked: number;
  skipped: number;
};

export type ImportResult = ImportCounts & { runId: string };

/** A run still "running" after this is taken for dead (its process went away) and no longer blocks. */
const STALE_RUN_MS = 2 * 60 * 60_000;

/** Another import is running: the admin's button answers 409 with this key. */
export class ImportRunningError extends Error {
  override name = "ImportRunningError";
}

/** The answer was a sliver of what is shown (REFUSE_BELOW_SHARE): the run is "refused", nothing changed. */
export class ImportRefusedError extends Error {
  override name = "ImportRefusedError";
  constructor(
    readonly counts: ImportCounts,
    readonly seenBefore: number,
    listed: number,
  ) {
    super(
      `the answer lists ${listed} places, under half of the ${seenBefore} shown now: refused, nothing hidden or changed`,
    );
  }
}

/**
 * Opens a run row, refusing while another run is going (one at a time across instances: the check
 * and the insert hold a transaction-scoped advisory lock, which also works through PgBouncer).
 */
export async function startImportRun(trigger: ImportTrigger, origin: string, prisma?: PrismaClient): Promise<string> {
  prisma ??= await getPrisma();
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('osm-import'))`;
    // A run whose process died never finishes: after STALE_RUN_MS it is recorded as interrupted.
    await tx.$executeRaw`
      UPDATE osm_import_runs SET status = 'failed', "finishedAt" = now(), error = 'interrupted (the process running it went away)'
      WHERE status = 'running' AND "startedAt" < now() - ${STALE_RUN_MS} * interval '1 millisecond'`;
    const running = await tx.osmImportRun.findFirst({ where: { status: "running" }, select: { id: true } });
    if (running) throw new ImportRunningError(`an import is already running (${running.id})`);
    const run = await tx.osmImportRun.create({ data: { trigger, origin: origin.slice(0, 300) } });
    return run.id;
  });
}

/**
 * Records a run's end: its counts and the places shown before it, or its short error (no stack, no
 * credentials); a refused answer keeps its counts and what it was held against, for the admin page.
 */
export async function finishRun(
  runId: string,
  outcome: { counts: ImportCounts; seenBefore: number } | { error: unknown },
  prisma?: PrismaClient,
): Promise<void> {
  prisma ??= await getPrisma();
  const finishedAt = new Date();
  await prisma.osmImportRun.update({
    where: { id: runId },
    data:
      "counts" in outcome
        ? { status: "succeeded", finishedAt, ...outcome.counts, seenBefore: outcome.seenBefore }
        : outcome.error instanceof ImportRefusedError
          ? {
              status: "refused",
              finishedAt,
              ...outcome.error.counts,
              seenBefore: outcome.error.seenBefore,
              error: outcome.error.message.slice(0, 500),
            }
          : { status: "failed", finishedAt, error: shortErrorMessage(outcome.error).slice(0, 500) },
  });
}
