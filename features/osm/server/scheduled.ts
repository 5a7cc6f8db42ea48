import "server-only";

import { getPrisma } from "@/lib/db/client";
import { env } from "@/lib/env";

import { ImportRunningError } from "./import-run";
import { fetchOverpass } from "./overpass";
import { runOsmImport } from "./run";

/** How old the last successful import may grow before the job imports again. */
export const OSM_IMPORT_EVERY_MS = 7 * 24 * 60 * 60_000;

/**
 * Whether this deployment runs the weekly import: OSM_IMPORT_JOB, or when unset, production only,
 * so `npm run dev` and the tests never ask the public Overpass server on their own.
 */
export function osmImportJobEnabled(): boolean {
  return (env.OSM_IMPORT_JOB ?? (env.NODE_ENV === "production" ? "on" : "off")) === "on";
}

/**
 * The "osm-import" job's hourly tick: one import from OSM_OVERPASS_URL once the last successful
 * import (by the job, an admin or the command line) is a week old. Asked hourly rather than weekly
 * so that a failed import (Overpass is often busy) is tried again the next hour, not the next week,
 * and an instance restarted daily still gets its turn. Null (nothing to say) when the job is off
 * here, the last import is recent or another is going on; a failed import fails the tick, which the
 * admin inbox shows beside the run's own error.
 */
export async function scheduledOsmImport(now = new Date()) {
  if (!osmImportJobEnabled()) return null;
  const prisma = await getPrisma();
  const recent = await prisma.osmImportRun.count({
    where: { status: "succeeded", startedAt: { gt: new Date(now.getTime() - OSM_IMPORT_EVERY_MS) } },
  });
  if (recent > 0) return null;
  try {
    const { runId, added, updated, hidden, linked } = await runOsmImport({
      trigger: "job",
      origin: env.OSM_OVERPASS_URL,
      load: () => fetchOverpass(),
    });
    return { runId, added, updated, hidden, linked };
  } catch (error) {
    if (error instanceof ImportRunningError) return null;
    throw error;
  }
}
