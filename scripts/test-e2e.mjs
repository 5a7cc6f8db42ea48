// npm run test:e2e: builds the app once, then runs the Playwright specs in E2E_SHARDS shards at
// the same time (Playwright's --shard), each against a server of its own (scripts/e2e-server.mjs
// on E2E_PORT 3100, 3200, …, its stand-ins at the port + 97…99) with a database of its own: a
// PGlite directory each, or, when E2E_DATABASE_URL names a PostgreSQL database, a sibling database
// per shard on that server, created empty here. A spec still runs alone in its shard, in file
// order, as it did with one worker; what the shards share is only the build.
//
// One shard by default: on two cores Chromium's rendering keeps both busy already, and three shards
// took as long as one (21.6 against 22.1 minutes) with more specs timing out; a machine with more
// cores sets E2E_SHARDS.
// Each shard's output is kept and printed whole when it ends, so that its Playwright summary stays
// a line of its own for scripts/ci-summary.mjs. Arguments go to Playwright; with any (a spec, a
// --grep), there is one shard, on E2E_PORT.
//   E2E_SHARDS (1)  E2E_PORT (3100)  E2E_SKIP_BUILD=1 reuses the last build  E2E_DATABASE_URL
import "./node-guard.mjs";

import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

import { binCommand } from "./node-commands.mjs";

const args = process.argv.slice(2);
const shards = args.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const LOG_DIR = path.resolve(".data/e2e-shards");

/** The database URL of shard `index` (1-based): the given one for the first, siblings after. */
function shardDatabase(url, index) {
  if (index === 1) return url;
  const sibling = new URL(url);
  sibling.pathname = `${sibling.pathname}_${index}`;
  return sibling.toString();
}

/** Creates (again) the shards' sibling databases, empty, on E2E_DATABASE_URL's server. */
async function createShardDatabases(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let index = 2; index <= shards; index++) {
      const name = new URL(shardDatabase(url, index)).pathname.slice(1);
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end();
  }
}

const children = new Set();

function runShard(index) {
  const port = basePort + (index - 1) * 100;
  const env = { ...process.env, E2E_PORT: String(port), E2E_SKIP_BUILD: "1" };
  if (process.env.E2E_DATABASE_URL) env.E2E_DATABASE_URL = shardDatabase(process.env.E2E_DATABASE_URL, index);
  else env.E2E_PGLITE_DIR = `${process.env.E2E_PGLITE_DIR ?? ".data/e2e-pglite"}${index === 1 ? "" : `-${index}`}`;
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const started = Date.now();
  if (shards === 1) {
    // One shard: its output as it comes, as Playwright prints it.
    const child = spawn(...binCommand("playwright", ["test", ...shardArgs, ...args]), { stdio: "inherit", env });
    children.add(child);
    return new Promise((resolve) =>
      child.on("exit", (code, signal) => resolve({ index, code: code ?? (signal ? 1 : 0), started })),
    );
  }
  const file = path.join(LOG_DIR, `shard-${index}.log`);
  const out = createWriteStream(file);
  const child = spawn(...binCommand("playwright", ["test", ...shardArgs]), { stdio: ["ignore", "pipe", "pipe"], env });
  children.add(child);
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  console.log(`▶ e2e shard ${index}/${shards} on port ${port} (output in ${path.relative(process.cwd(), file)})`);
  return new Promise((resolve) =>
    child.on("close", (code, signal) =>
      out.end(() => resolve({ index, code: code ?? (signal ? 1 : 0), started, file })),
    ),
  );
}

// Outside CI Playwright reuses a server already answering on E2E_PORT (playwright.config.ts):
// building then would replace the files under it, and a one-shard run would not use the build.
const reused =
  !process.env.CI &&
  shards === 1 &&
  (await fetch(`http://localhost:${basePort}/api/health`).then(
    (response) => response.ok,
    () => false,
  ));
// The build the e2e server would make, with its environment, once for every shard.
if (process.env.E2E_SKIP_BUILD !== "1" && !reused) {
  const build = spawnSync(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: "inherit",
    env: { ...process.env, E2E_BUILD_ONLY: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (shards > 1) mkdirSync(LOG_DIR, { recursive: true });
if (shards > 1 && process.env.E2E_DATABASE_URL) await createShardDatabases(process.env.E2E_DATABASE_URL);

const pending = new Map();
for (let index = 1; index <= shards; index++) pending.set(index, runShard(index));
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });

const results = [];
while (pending.size) {
  const done = await Promise.race(pending.values());
  pending.delete(done.index);
  results.push(done);
  const seconds = Math.round((Date.now() - done.started) / 1000);
  if (done.file) {
    console.log(`\n── e2e shard ${done.index}/${shards}: exit ${done.code} after ${seconds} s ──`);
    process.stdout.write(readFileSync(done.file));
  }
}
const failed = results.filter((result) => result.code !== 0).map((result) => result.index);
if (failed.length) console.error(`✖ e2e shard${failed.length > 1 ? "s" : ""} ${failed.join(", ")} of ${shards} failed`);
process.exit(failed.length ? 1 : 0);
