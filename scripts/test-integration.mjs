// Runs the integration tests on the embedded database, then on PostgreSQL too when
// TEST_POSTGRES_URL names a server (CI starts one); fails if either run fails.
import "./node-guard.mjs";

import { spawnSync } from "node:child_process";

import { binCommand } from "./node-commands.mjs";

const runs = [{ label: "PGlite (embedded)", env: { TEST_POSTGRES_URL: "" } }];
if (process.env.TEST_POSTGRES_URL) {
  const host = new URL(process.env.TEST_POSTGRES_URL).host;
  runs.push({ label: `PostgreSQL at ${host}`, env: { TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL } });
}

let failed = false;
for (const run of runs) {
  console.log(`\n▶ Integration tests on ${run.label}`);
  const env = { ...process.env, ...run.env };
  delete env.DATABASE_URL;
  if (!env.TEST_POSTGRES_URL) delete env.TEST_POSTGRES_URL;
  const result = spawnSync(...binCommand("vitest", ["run", "--project", "integration", ...process.argv.slice(2)]), {
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) {
    console.error(`✖ Integration tests failed on ${run.label}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
