// npm run osm:import [-- path/to/overpass.json]: one OpenStreetMap import, from OSM_OVERPASS_URL or
// from a saved Overpass answer (for PostgreSQL deployments without outside access, and demo data).
// Exit code 1 when the run failed; the catalogue is then as it was.
import path from "node:path";

import { ImportRunningError } from "@/features/osm/server/import-run";
import { fetchOverpass, readOverpassFile } from "@/features/osm/server/overpass";
import { runOsmImport } from "@/features/osm/server/run";
import { applyMigrations } from "@/lib/db/migrations";
import { env } from "@/lib/env";

import { runDbCommand } from "./db/run";

const file = process.argv.slice(2).find((argument) => argument !== "--");

await runDbCommand(async (db) => {
  await applyMigrations(db.sql);
  const origin = file ? path.basename(file) : env.OSM_OVERPASS_URL;
  try {
    const result = await runOsmImport({
      trigger: "cli",
      origin,
      load: () => (file ? readOverpassFile(file) : fetchOverpass()),
    });
    console.log(
      `OpenStreetMap import: ${result.elements} elements; ${result.added} added, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.hidden} hidden, ${result.restored} shown again, ` +
        `${result.linked} linked to owners' listings, ${result.skipped} skipped.`,
    );
  } catch (error) {
    // runOsmImport has printed the one line that says why and recorded it on the run, unless
    // another run was going on (then no run was opened).
    if (error instanceof ImportRunningError) console.error(`[osm-import] not started: ${error.message}`);
    process.exitCode = 1;
  }
});
