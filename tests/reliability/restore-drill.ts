// npm run test:restore: the restore drill. A backup counts only once it has been restored, so this
// runs the real commands (`npm run db:backup`, `npm run db:restore`) end to end:
//   PostgreSQL: a throwaway database on the server in RESTORE_POSTGRES_URL (e.g.
//     postgresql://postgres@127.0.0.1:55439/postgres) is migrated and seeded, backed up, dropped,
//     created empty and restored; every table must come back with the same rows (the job queue's
//     schema pgboss included, with a queued mail job), the extensions and indexes with it, pg-boss
//     must start on it without migrating (schema version 46) and find that job again, and a service
//     page's data must load through the app's data layer. Then the
//     restore must refuse the now non-empty database without --yes and replace it with --yes.
//   PGlite: the same round trip for the embedded database in temporary directories, and the backup
//     must refuse a data directory another process has open.
// Ends with "✔ restore drill passed" (exit 0), else exit 1.
import "../../scripts/node-guard.mjs";

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

import { publishedSql } from "@/domain/service/server/published";
import { closeDatabase } from "@/lib/db/client";
import { openDatabase, type Database } from "@/lib/db/connection";
import { applyMigrations } from "@/lib/db/migrations";
import { openPGlite } from "@/lib/db/pglite";
import { installQueueSchema, openQueue, QUEUE_SCHEMA_VERSION, queueSchemaVersion } from "@/lib/jobs/queue";
import { seedDemoData } from "@/prisma/seed";
import { formatSize } from "@/scripts/db/backup";
import { npmRunCommand } from "@/scripts/node-commands.mjs";

import { adminQuery } from "../helpers/test-db";
import { createVerdict } from "./verdict";

const SERVER_URL = process.env.RESTORE_POSTGRES_URL;
/** A step that takes longer than this has hung. */
const STEP_TIMEOUT_MS = 90_000;

const started = Date.now();
const { failures, pass, fail, log } = createVerdict();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

// ---- what a database holds, to compare before and after ----
type TableState = { rows: number; digest: string };
type DatabaseState = { tables: Map<string, TableState>; extensions: string[]; indexes: string[] };

/** The app's tables, and the job queue's (pg-boss, lib/jobs/queue.ts): a restore brings back its jobs too. */
const SCHEMAS = ["public", "pgboss"];

async function describeDatabase(query: Query): Promise<DatabaseState> {
  const names = await query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY table_schema <> 'public', 1`,
    [SCHEMAS],
  );
  const tables = new Map<string, TableState>();
  for (const { name } of names) {
    // Counts alone would pass a restore that mangled values; the digest covers every column.
    const [row] = await query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(md5(t::text), ',' ORDER BY md5(t::text)), '')) AS digest FROM ${name} t`,
    );
    tables.set(name.replace(/^public\./, ""), row!);
  }
  const extensions = (
    await query<{ e: string }>(`SELECT extname || ' ' || extversion AS e FROM pg_extension ORDER BY 1`)
  ).map((row) => row.e);
  const indexes = (
    await query<{ d: string }>(
      `SELECT indexdef AS d FROM pg_indexes WHERE schemaname = ANY($1) ORDER BY schemaname, indexname`,
      [SCHEMAS],
    )
  ).map((row) => row.d);
  return { tables, extensions, indexes };
}

function differences(before: DatabaseState, after: DatabaseState): string[] {
  const problems: string[] = [];
  for (const [name, state] of before.tables) {
    const restored = after.tables.get(name);
    if (!restored) problems.push(`${name} is missing`);
    else if (restored.rows !== state.rows) problems.push(`${name}: ${state.rows} rows before, ${restored.rows} after`);
    else if (restored.digest !== state.digest) problems.push(`${name}: same ${state.rows} rows but different contents`);
  }
  for (const name of after.tables.keys()) if (!before.tables.has(name)) problems.push(`${name} appeared`);
  if (before.extensions.join() !== after.extensions.join())
    problems.push(`extensions ${before.extensions.join(", ")} became ${after.extensions.join(", ")}`);
  const lostIndexes = before.indexes.filter((index) => !after.indexes.includes(index));
  if (lostIndexes.length || before.indexes.length !== after.indexes.length)
    problems.push(`indexes differ; missing: ${lostIndexes.join("; ") || "none"}`);
  return problems;
}

function compare(label: string, before: DatabaseState, after: DatabaseState, detail = false): void {
  const problems = differences(before, after);
  if (problems.length) {
    fail(`${label}: ${problems.join("; ")}`);
    return;
  }
  const rows = detail ? ` (${[...before.tables].map(([name, state]) => `${name} ${state.rows}`).join(", ")})` : "";
  pass(
    `${label}: same rows and contents in all ${before.tables.size} tables${rows}, same extensions (${before.extensions.join(", ")}) and ${before.indexes.length} indexes`,
  );
}

/**
 * The demo data leaves tables such as sessions, mail_outbox and feedback empty, and an empty table
 * restores trivially; each gets one row built from its column types, foreign keys pointing at
 * existing rows, so every table's contents are checked. Returns the tables filled and the ones left
 * empty with the reason.
 */
async function fillEmptyTables(query: Query): Promise<{ filled: string[]; empty: string[] }> {
  const filled: string[] = [];
  const empty: string[] = [];
  const tables = await query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  for (const { name } of tables) {
    const [count] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM public."${name}"`);
    if (count!.n > 0) continue;
    const columns = await query<{ name: string; type: string; typtype: string; required: boolean; ref: string | null }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, t.typtype, (a.attnotnull AND NOT a.atthasdef) AS required,
              (SELECT format('(SELECT %I FROM public.%I LIMIT 1)', ra.attname, rc.relname) FROM pg_constraint c
                 JOIN pg_class rc ON rc.oid = c.confrelid JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
                WHERE c.conrelid = a.attrelid AND c.contype = 'f' AND c.conkey = ARRAY[a.attnum]::int2[] LIMIT 1) AS ref
         FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
        WHERE a.attrelid = format('public.%I', $1::text)::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [name],
    );
    try {
      const names: string[] = [];
      const values: string[] = [];
      for (const column of columns) {
        if (!column.required && !column.ref) continue;
        names.push(`"${column.name}"`);
        values.push(column.ref ?? (await valueFor(query, column.type, column.typtype)));
      }
      await query(`INSERT INTO public."${name}" (${names.join(", ")}) VALUES (${values.join(", ")})`);
      filled.push(name);
    } catch (error) {
      empty.push(`${name} (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
    }
  }
  return { filled, empty };
}

async function valueFor(query: Query, type: string, typtype: string): Promise<string> {
  if (typtype === "e") {
    const [label] = await query<{ label: string }>(
      `SELECT enumlabel AS label FROM pg_enum WHERE enumtypid = $1::regtype ORDER BY enumsortorder LIMIT 1`,
      [type],
    );
    return `'${label!.label}'::${type}`;
  }
  if (type === "uuid") return "gen_random_uuid()";
  if (/^(character|text)/.test(type))
    return `left('drill ' || md5(random()::text), coalesce(substring('${type}' from '\\((\\d+)\\)')::int, 40))::${type}`;
  if (/^(smallint|integer|bigint|numeric|real|double)/.test(type)) return `1::${type}`;
  if (type === "boolean") return "false";
  if (/^(timestamp|date)/.test(type)) return `now()::${type}`;
  if (/^jsonb?$/.test(type)) return `'{}'::${type}`;
  if (type === "bytea") return `'\\x00'::bytea`;
  throw new Error(`no drill value for type ${type}`);
}

// ---- the commands under test ----
type Run = { code: number | null; output: string };

function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The operator's command, `npm run <script>`, by the npm that started the drill, on its Node.
    const child = spawn(...npmRunCommand(script, args, ["--silent"]), { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), STEP_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      // npm's own warnings about the machine's npm configuration are not the script's output.
      resolve({
        code,
        output: output
          .split("\n")
          .filter((line) => line && !line.startsWith("npm warn"))
          .join("\n"),
      });
    });
  });
}

const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `    │ ${line}`)
    .join("\n");

/** Runs a command expected to succeed; shows its output; false (and a failure) otherwise. */
async function expectSuccess(label: string, script: string, args: string[], env: NodeJS.ProcessEnv): Promise<boolean> {
  const at = Date.now();
  const run = await npmRun(script, args, env);
  if (run.code !== 0) {
    fail(`${label}: exit ${run.code}\n${indent(run.output)}`);
    return false;
  }
  console.log(indent(run.output));
  pass(`${label} (${seconds(at)})`);
  return true;
}

/** Runs a command expected to refuse (exit 2; a backup's refusals exit 1) with a message matching expected. */
async function expectRefusal(
  label: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  expected: RegExp,
  code = 2,
): Promise<void> {
  const run = await npmRun(script, args, env);
  const said = run.output.replace(/^✖ /, "").split("\n")[0]!;
  if (run.code === code && expected.test(run.output))
    pass(`${label}: ${said.length > 110 ? `${said.slice(0, 110)}…` : said}`);
  else fail(`${label}: expected a refusal (exit ${code}, ${expected}), got exit ${run.code}\n${indent(run.output)}`);
}

// ---- PostgreSQL ----
async function withClient<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

async function postgresDrill(workDir: string): Promise<void> {
  const name = `maister_drill_${randomBytes(5).toString("hex")}`;
  const url = new URL(SERVER_URL!);
  const admin = (sql: string) => adminQuery(SERVER_URL!, sql);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.RESTORE_CONFIRM;
  log(`PostgreSQL: database ${name} on ${url.host}`);
  await admin(`CREATE DATABASE ${name}`);
  try {
    let at = Date.now();
    const db = await openDatabase({ kind: "postgres", url: databaseUrl, host: url.host });
    try {
      await applyMigrations(db.sql);
      await queueSomething(db);
      console.log(`    │ demo data: ${await seedDemoData(db.prisma)}`);
    } finally {
      await db.close();
    }
    const { filled, empty } = await withClient(databaseUrl, fillEmptyTables);
    pass(`migrated and seeded (${seconds(at)}); one drill row each in ${filled.join(", ") || "no table"}`);
    if (empty.length) console.log(`    · left empty: ${empty.join("; ")}`);
    const before = await withClient(databaseUrl, describeDatabase);
    const [service] = await withClient(databaseUrl, (query) =>
      query<{ id: string; name: string; reviews: number; lat: number; lng: number }>(
        `SELECT s.id, s.name, count(r.id)::int AS reviews, s.latitude AS lat, s.longitude AS lng FROM services s LEFT JOIN reviews r ON r."serviceId" = s.id
          WHERE ${publishedSql("s")} GROUP BY s.id ORDER BY count(r.id) DESC, s.id LIMIT 1`,
      ),
    );
    if (!service) throw new Error("the demo data has no published service");

    const file = path.join(workDir, "postgres.dump");
    if (!(await expectSuccess("npm run db:backup", "db:backup", [file], env))) return;
    const dumpBytes = statSync(file).size;

    at = Date.now();
    await admin(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    pass(`dropped ${name} and created it empty (${seconds(at)})`);

    await expectRefusal("restore without a file", "db:restore", [], env, /Usage/);
    await expectRefusal(
      "restore of a file that does not exist",
      "db:restore",
      [path.join(workDir, "missing.dump")],
      env,
      /does not exist/,
    );

    at = Date.now();
    if (!(await expectSuccess("npm run db:restore into the empty database", "db:restore", [file], env))) return;
    const restoreTime = seconds(at);
    const restored = await withClient(databaseUrl, describeDatabase);
    compare(`restored from ${formatSize(dumpBytes)} in ${restoreTime}`, before, restored, true);

    // The data layer behind GET /api/items/{id} and /service/{id}, on the restored database.
    process.env.DATABASE_URL = databaseUrl;
    process.env.READ_CACHE = "off";
    (await import("@/lib/env")).loadEnv();
    try {
      const { getPublicService } = await import("@/features/catalog/server/detail");
      const { listServices } = await import("@/features/catalog/server/list");
      const detail = await getPublicService(service.id);
      if (detail.name === service.name && detail.reviews.length === service.reviews) {
        pass(
          `service page data: getPublicService(${service.id}) → "${detail.name}", ${detail.reviews.length} reviews, ${Object.keys(detail.timetable).length} days of hours`,
        );
      } else {
        fail(
          `service page data: expected "${service.name}" with ${service.reviews} reviews, got "${detail.name}" with ${detail.reviews.length}`,
        );
      }
      // "Near" runs on ll_to_earth() and the GiST index the restore builds last.
      const nearby = await listServices({ page: 1, near: { lat: service.lat, lng: service.lng } });
      if (nearby.items.some((item) => item._id === service.id))
        pass(`list near it: ${nearby.total} services, "${service.name}" among the nearest`);
      else fail(`list near ${service.lat},${service.lng} does not show "${service.name}"`);
    } catch (error) {
      fail(
        `service page data: getPublicService(${service.id}) failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      await closeDatabase();
    }

    await expectRefusal(
      "restore into a non-empty database without --yes",
      "db:restore",
      [file],
      env,
      /not empty.*--yes/s,
    );
    const changed = differences(restored, await withClient(databaseUrl, describeDatabase));
    if (changed.length) fail(`the refused restore changed the database: ${changed.join("; ")}`);
    else pass("the refused restore changed nothing");
    const reopened = await openDatabase({ kind: "postgres", url: databaseUrl, host: url.host });
    try {
      await checkQueue("the job queue", reopened);
    } finally {
      await reopened.close();
    }
    // --clean over a populated database drops and recreates the extensions and tables it holds.
    if (
      await expectSuccess("npm run db:restore -- --yes over the populated database", "db:restore", [file, "--yes"], env)
    ) {
      compare("restored over itself", before, await withClient(databaseUrl, describeDatabase));
    }
  } finally {
    await closeDatabase().catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

// ---- the job queue ----
const DRILL_JOB = { id: "restore-drill" };

/** After the migrations: the job queue's schema, as the migrate step installs it, and a mail job waiting in it. */
async function queueSomething(db: Database): Promise<void> {
  await installQueueSchema(db);
  const queue = await openQueue(db, { schedule: false, supervise: false, registerInstance: false });
  try {
    await queue.boss.createQueue("mail");
    await queue.boss.send("mail", DRILL_JOB, { startAfter: 3600 });
  } finally {
    await queue.stop({ graceful: false });
  }
}

/** On a restored database: pg-boss's schema at the pinned version, a server's start (no migration) works, the job is back. */
async function checkQueue(label: string, db: Database): Promise<void> {
  const version = await queueSchemaVersion(db.sql);
  if (version !== QUEUE_SCHEMA_VERSION) {
    fail(`${label}: pgboss schema version ${version}, not ${QUEUE_SCHEMA_VERSION}`);
    return;
  }
  const queue = await openQueue(db, { schedule: false, supervise: false, registerInstance: false });
  try {
    const jobs = await queue.boss.findJobs<{ id: string }>("mail", { data: DRILL_JOB });
    if (jobs.length === 1 && jobs[0]!.state === "created")
      pass(`${label}: pg-boss starts without migrating (schema version ${version}) and finds the queued mail job`);
    else fail(`${label}: the queued mail job is not back (${jobs.map((job) => job.state).join(", ") || "none"})`);
  } finally {
    await queue.stop({ graceful: false });
  }
}

// ---- PGlite ----
async function withPGlite<T>(dataDir: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const db = await openPGlite(dataDir);
  try {
    return await fn(async <R>(sql: string, params?: unknown[]) => (await db.query<R>(sql, params)).rows);
  } finally {
    await db.close();
  }
}

async function pgliteDrill(workDir: string): Promise<void> {
  const source = path.join(workDir, "pglite-source");
  const target = path.join(workDir, "pglite-restored");
  const file = path.join(workDir, "pglite.tar.gz");
  const envFor = (dataDir: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.RESTORE_CONFIRM;
    return env;
  };
  log(`PGlite: ${source} → ${target}`);
  const at = Date.now();
  const db = await openDatabase({ kind: "pglite", dataDir: source });
  try {
    await applyMigrations(db.sql);
    await queueSomething(db);
    console.log(`    │ demo data: ${await seedDemoData(db.prisma)}`);
  } finally {
    await db.close();
  }
  const { filled } = await withPGlite(source, fillEmptyTables);
  pass(`migrated and seeded (${seconds(at)}); one drill row each in ${filled.length} empty tables`);
  const before = await withPGlite(source, describeDatabase);

  // While this process has the data directory open, the backup must not open it a second time.
  const open = await openPGlite(source);
  try {
    await open.query("SELECT 1 FROM users LIMIT 1");
    await expectRefusal(
      "backup while another process has the embedded database open",
      "db:backup",
      [path.join(workDir, "refused.tar.gz")],
      envFor(source),
      /open in pid/,
      1,
    );
  } finally {
    await open.close();
  }
  if (existsSync(path.join(workDir, "refused.tar.gz"))) fail("the refused backup left a file");

  if (!(await expectSuccess("npm run db:backup (embedded)", "db:backup", [file], envFor(source)))) return;
  if (!(await expectSuccess("npm run db:restore into a new data directory", "db:restore", [file], envFor(target))))
    return;
  compare(`restored from ${formatSize(statSync(file).size)}`, before, await withPGlite(target, describeDatabase), true);
  const reopened = await openDatabase({ kind: "pglite", dataDir: target });
  try {
    await checkQueue("the job queue (embedded)", reopened);
  } finally {
    await reopened.close();
  }

  await expectRefusal(
    "restore over an existing data directory without --yes",
    "db:restore",
    [file],
    envFor(target),
    /already holds.*--yes/s,
  );
  if (
    await expectSuccess(
      "npm run db:restore -- --yes over the existing data directory",
      "db:restore",
      [file, "--yes"],
      envFor(target),
    )
  ) {
    const kept = readdirSync(workDir).filter((entry) => entry.startsWith("pglite-restored.before-restore-"));
    if (kept.length === 1) pass(`the replaced data directory was kept as ${kept[0]}`);
    else fail(`expected one pglite-restored.before-restore-* directory, found ${kept.length}`);
    compare("restored over the previous copy", before, await withPGlite(target, describeDatabase));
  }
}

// ---- run ----
const watchdog = setTimeout(() => {
  console.error(`✖ the drill did not finish in ${(STEP_TIMEOUT_MS * 2) / 1000} s`);
  process.exit(1);
}, STEP_TIMEOUT_MS * 2);
watchdog.unref();

async function part(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    fail(`the ${name} drill stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "maister-restore-drill-"));
try {
  if (!SERVER_URL)
    fail(
      "RESTORE_POSTGRES_URL is not set (a PostgreSQL server URL such as postgresql://postgres@127.0.0.1:5432/postgres)",
    );
  else await part("PostgreSQL", () => postgresDrill(workDir));
  await part("PGlite", () => pgliteDrill(workDir));
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

console.log(`\ndrill time ${seconds(started)}`);
if (failures.length) {
  console.error(`✖ restore drill failed: ${failures.length} problem(s)`);
  process.exit(1);
}
console.log("✔ restore drill passed");
process.exit(0);
