// Runs the integration tests on the embedded database, or, when TEST_POSTGRES_URL names a server
// (CI starts one), every test on PostgreSQL and on PGlite the ones where the two databases differ;
// fails if either run fails.
//
// What differs is the driver layer, not the app's SQL (PGlite is PostgreSQL compiled to
// WebAssembly): the Prisma adapter and the values it converts, the migration runner, the job
// queue and the mail outbox on PGlite's one connection, the readiness probe. The one-connection
// rule itself — a query outside an open transaction waits for it — is kept on PostgreSQL by
// tests/helpers/one-connection.ts, so a transaction that reads through the outer client fails
// there as it would hang here. INTEGRATION_PGLITE=all runs every test on PGlite as well; test
// files named on the command line run on both databases.
import "./node-guard.mjs";

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

import { binCommand } from "./node-commands.mjs";

/** The tests also run on PGlite when PostgreSQL runs them all. */
const ON_PGLITE_TOO = [
  "tests/integration/db/", // migrations, the schema check, database settings, the seed
  "tests/integration/jobs/", // pg-boss on PGlite's connection (fromPglite)
  "tests/integration/mail/", // the outbox, which refuses a mail queued inside a transaction before the queue is ready
  "tests/integration/health/", // the readiness probe of each driver
  "tests/integration/uploads/uploads.test.ts", // Bytes, through the adapter
  "tests/integration/osm/import.test.ts", // Json, large batches in one transaction
  "tests/integration/catalog/items.test.ts", // String[], the read model's raw SQL
  "tests/integration/admin/admin-audit.test.ts", // Json details
  "tests/integration/payments/monobank-race.test.ts", // transactions one at a time (its own comment)
];
for (const entry of ON_PGLITE_TOO) {
  if (!existsSync(entry)) {
    console.error(`✖ scripts/test-integration.mjs names ${entry}, which does not exist: move or remove the entry`);
    process.exit(1);
  }
}

const named = process.argv.slice(2);
const pgliteOnlyWhereDifferent =
  Boolean(process.env.TEST_POSTGRES_URL) && process.env.INTEGRATION_PGLITE !== "all" && named.length === 0;
const runs = [
  {
    label: pgliteOnlyWhereDifferent ? "PGlite (embedded), where it differs" : "PGlite (embedded)",
    env: { TEST_POSTGRES_URL: "" },
    args: pgliteOnlyWhereDifferent ? ON_PGLITE_TOO : named,
  },
];
if (process.env.TEST_POSTGRES_URL) {
  const host = new URL(process.env.TEST_POSTGRES_URL).host;
  runs.push({
    label: `PostgreSQL at ${host}`,
    env: { TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL },
    args: named,
  });
}

let failed = false;
for (const run of runs) {
  console.log(`\n▶ Integration tests on ${run.label}`);
  const env = { ...process.env, ...run.env };
  delete env.DATABASE_URL;
  if (!env.TEST_POSTGRES_URL) delete env.TEST_POSTGRES_URL;
  const result = spawnSync(...binCommand("vitest", ["run", "--project", "integration", ...run.args]), {
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) {
    console.error(`✖ Integration tests failed on ${run.label}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
