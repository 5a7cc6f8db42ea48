import "server-only";

import { reverseGeocode } from "@/features/listings/server/geocode";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { shortErrorMessage } from "@/lib/jobs/job-health";
import { log } from "@/lib/log";

import { applyOverpassAnswer } from "./apply-answer";
import { finishRun, ImportRefusedError, startImportRun, type ImportResult, type ImportTrigger } from "./import-run";

/**
 * The import as the app runs it (the weekly job, the admin's button, `npm run osm:import`): the
 * answer applied with the read caches told, a failure logged as one line, then a bounded number of
 * missing addresses looked up, outside the transaction (they wait on Nominatim's pace).
 */

/**
 * Imports an answer already read (see applyOverpassAnswer), then looks up a bounded number of
 * missing addresses. Throws when the answer cannot be applied: the run is then "failed" and
 * nothing in the catalogue changed.
 */
export async function importOverpass(
  answer: unknown,
  options: { trigger: ImportTrigger; origin: string; runId?: string; geocode?: number },
): Promise<ImportResult> {
  const runId = options.runId ?? (await startImportRun(options.trigger, options.origin));
  const result = await changingCatalog(() => applyOverpassAnswer(answer, { ...options, runId }));
  try {
    await lookUpAddresses(options.geocode ?? env.OSM_GEOCODE_PER_RUN);
  } catch (error) {
    // The import has committed; the addresses wait for the next run.
    log.warn({ area: "osm-import", runId, error: shortErrorMessage(error) }, "address lookups stopped");
  }
  return result;
}

/**
 * A whole run: opens its row, reads the answer (`load`: Overpass or a file), imports it. A failure
 * to read is recorded on the run like a failure to write, and logged as one line.
 */
export async function runOsmImport(options: {
  trigger: ImportTrigger;
  origin: string;
  load: () => Promise<unknown>;
  runId?: string;
  geocode?: number;
}): Promise<ImportResult> {
  const runId = options.runId ?? (await startImportRun(options.trigger, options.origin));
  try {
    let answer: unknown;
    try {
      answer = await options.load();
    } catch (error) {
      await finishRun(runId, { error });
      throw error;
    }
    const result = await importOverpass(answer, { ...options, runId });
    log.info(
      { area: "osm-import", trigger: options.trigger, origin: options.origin, ...result },
      "import run finished",
    );
    return result;
  } catch (error) {
    const fields = { area: "osm-import", trigger: options.trigger, runId, origin: options.origin };
    // A sliver of an answer is Overpass's hiccup, not ours: a warning, and the run says "refused".
    if (error instanceof ImportRefusedError)
      log.warn(
        { ...fields, seenBefore: error.seenBefore, ...error.counts, error: error.message },
        "import run refused",
      );
    else log.error({ ...fields, error: shortErrorMessage(error) }, "import run failed, nothing changed");
    throw error;
  }
}

/**
 * Addresses for imported listings still showing their coordinates, `limit` per run at the
 * geocoder's pace (it caches and spaces its calls; offline it answers the coordinates again, and
 * the place waits for the next run). Never touches a claimed listing or one whose address changed.
 */
export async function lookUpAddresses(limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const prisma = await getPrisma();
  // Still lacking one: the coordinates or the bare city the import wrote (fallbackAddress).
  const rows = await prisma.$queryRaw<{ id: string; latitude: number; longitude: number; address: string }[]>`
    SELECT s.id, s.latitude, s.longitude, s.address FROM services s JOIN osm_places p ON p."serviceId" = s.id
    WHERE s.source = 'osm' AND s.claimed = false AND s."hiddenAt" IS NULL
      AND (s.address ~ '^-?[0-9]+\\.[0-9]{6}, -?[0-9]+\\.[0-9]{6}$' OR s.address = p.tags->>'addr:city')
    ORDER BY s.id LIMIT ${limit}`;
  let found = 0;
  for (const row of rows) {
    const result = await reverseGeocode(row.latitude, row.longitude, "uk").catch(() => null);
    if (!result || result.source === "coordinates" || !result.address) continue;
    found += await changingCatalog(
      () => prisma.$executeRaw`
        UPDATE services SET address = ${result.address.slice(0, 300)}, "updatedAt" = now()
        WHERE id = ${row.id}::uuid AND claimed = false AND address = ${row.address}`,
    );
  }
  return found;
}
