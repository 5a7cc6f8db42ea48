import "server-only";

import { env } from "@/lib/env";

import { ImportRunningError } from "./import";
import { fetchOverpass } from "./overpass";
import { runOsmImport } from "./run";

/** The weekly import's interval (jobs.ts). */
export const OSM_IMPORT_EVERY_MS = 7 * 24 * 60 * 60_000;

/**
 * Whether this deployment runs the weekly import: OSM_IMPORT_JOB, or when unset, production only,
 * so `npm run dev` and the tests never ask the public Overpass server on their own.
 */
export function osmImportJobEnabled(): boolean {
  return (env.OSM_IMPORT_JOB ?? (env.NODE_ENV === "production" ? "on" : "off")) === "on";
}

/**
 * The "osm-import" job's run: one import from OSM_OVERPASS_URL. Null (nothing to say) when the job
 * is off here or another import is going on; a failed import fails the job's tick, which the admin
 * inbox shows beside the run's own error.
 */
export async function scheduledOsmImport() {
  if (!osmImportJobEnabled()) return null;
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
