// npm run db:restore -- <file> [--yes]: puts a backup made by `npm run db:backup` back.
//   PostgreSQL (DATABASE_URL, a .dump): the whole dump in one transaction, so a restore that fails
//     leaves the database as it was. Replaces the tables, types and extensions the dump holds.
//   embedded PGlite (PGLITE_DATA_DIR, a .tar.gz): unpacked into a new directory that then takes
//     the data directory's place; the old one is kept as <dir>.before-restore-<UTC time>.
// A database that already has tables is replaced only with --yes (or RESTORE_CONFIRM=yes).
import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import { DatabaseConfigError, resolveDatabaseTarget } from "@/lib/db/config";
import { openPGlite } from "@/lib/db/pglite";
import { QUEUE_SCHEMA } from "@/lib/jobs/queue";

import { assertNotInUse, BackupError, describeUrl, findPgTool, formatSize, libpqConnection, utcStamp } from "./backup";

/** Exit code for a refusal (usage, missing file, no confirmation), apart from a failure (1). */
const REFUSED = 2;
class Refusal extends Error {}

type Kind = "pg_dump" | "pglite";

/** What the file is, from its first bytes, so a file for the other mode is refused up front. */
function fileKind(file: string): Kind | null {
  const head = Buffer.alloc(5);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "PGDMP") return "pg_dump";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  return null;
}

function tool(file: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(file, args, { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0)
    throw new BackupError(
      `${path.basename(file)} ${args[0]} failed: ${(result.stderr || result.error?.message || "").trim()}`,
    );
  return result.stdout;
}

// Index expressions calling a function outside pg_catalog, e.g. public.ll_to_earth(lat, lng).
const FUNCTION_OUTSIDE_CATALOG = /(?<![\w"])((?!pg_catalog\.)(?:"[^"]+"|[A-Za-z_]\w*))\.(?:"[^"]+"|[A-Za-z_]\w*)\s*\(/g;
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";

/**
 * A restore runs with an empty search_path, and earthdistance's ll_to_earth() (an SQL function
 * inlined while the "near" GiST index is built) names cube and earth unqualified, so building
 * that index fails with `type "earth" does not exist` (earthdistance 1.1, as PostgreSQL 15 ships it).
 * Such indexes are split off and built last, in the same transaction, with the schemas of the
 * functions they call on the search_path. Nothing depends on an expression index, so building it
 * after the foreign keys changes nothing else. Returns the TOC list for the rest and the SQL for
 * the indexes split off.
 */
function splitExpressionIndexes(
  pgRestore: string,
  file: string,
  workDir: string,
  env: NodeJS.ProcessEnv,
): { mainList: string; deferredSql: string; deferred: string[] } {
  const toc = tool(pgRestore, ["--list", file], env).split("\n");
  // Not the INDEX ATTACH entries of a partitioned table's indexes (pg-boss's job table, decision
  // 0023): pg_restore writes those under another header, and they run after their indexes anyway.
  const indexLines = toc.filter((line) => /^\d+; \d+ \d+ INDEX (?!ATTACH )/.test(line));
  if (!indexLines.length) return { mainList: toc.join("\n"), deferredSql: "", deferred: [] };
  const indexList = path.join(workDir, "indexes.list");
  writeFileSync(indexList, indexLines.join("\n") + "\n");
  // pg_restore writes each entry behind a "-- Name: …; Type: INDEX; …" header, in list order.
  const blocks = tool(pgRestore, ["--no-owner", `--use-list=${indexList}`, "--file=-", file], env)
    .split(/^--\n-- Name: .*; Type: INDEX; .*\n--\n/m)
    .slice(1);
  if (blocks.length !== indexLines.length)
    throw new BackupError(
      `could not read the index definitions in ${file} (${blocks.length} of ${indexLines.length}).`,
    );
  const deferredLines: string[] = [];
  const schemas = new Set<string>();
  blocks.forEach((block, i) => {
    const statement = block.split("\n").find((line) => line.startsWith("CREATE ")) ?? "";
    const called = [...statement.matchAll(FUNCTION_OUTSIDE_CATALOG)].map((match) => match[1]!);
    if (!called.length) return;
    deferredLines.push(indexLines[i]!);
    for (const schema of called) schemas.add(schema);
  });
  if (!deferredLines.length) return { mainList: toc.join("\n"), deferredSql: "", deferred: [] };
  const deferredList = path.join(workDir, "deferred.list");
  writeFileSync(deferredList, deferredLines.join("\n") + "\n");
  const sql = tool(pgRestore, ["--no-owner", `--use-list=${deferredList}`, "--file=-", file], env);
  // Only the header's setting (its first occurrence, before any object) is replaced.
  if (!sql.includes(EMPTY_SEARCH_PATH))
    throw new BackupError(`unexpected pg_restore output: no search_path setting to replace.`);
  const deferredSql = sql.replace(
    EMPTY_SEARCH_PATH,
    `SELECT pg_catalog.set_config('search_path', '${[...schemas].join(", ")}', false);`,
  );
  const deferredSet = new Set(deferredLines);
  return {
    mainList: toc.filter((line) => !deferredSet.has(line)).join("\n"),
    deferredSql,
    deferred: deferredLines.map((line) => line.replace(/^\d+; \d+ \d+ INDEX (\S+) (\S+).*$/, "$1.$2")),
  };
}

async function tableSummary(url: string): Promise<{ tables: string[]; rows: Map<string, number> }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Cannot reach PostgreSQL at ${describeUrl(url)} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    const rows = new Map<string, number>();
    for (const name of ["public.users", "public.services", "public.reviews"]) {
      if (tables.includes(name))
        rows.set(
          name.slice("public.".length),
          Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]!.n),
        );
    }
    return { tables, rows };
  } finally {
    await client.end();
  }
}

const describeRows = (rows: Map<string, number>) => [...rows].map(([table, n]) => `${table}: ${n}`).join(", ");

async function restorePostgres(url: string, file: string, confirmed: boolean): Promise<void> {
  const before = await tableSummary(url);
  if (before.tables.length && !confirmed) {
    throw new Refusal(
      `The database at ${describeUrl(url)} is not empty (${before.tables.length} tables${before.rows.size ? `; ${describeRows(before.rows)}` : ""}). ` +
        `Restoring replaces its contents with the backup's. Run again with --yes (or RESTORE_CONFIRM=yes) to go ahead.`,
    );
  }
  const pgRestore = findPgTool("pg_restore");
  const psql = findPgTool("psql");
  const connection = libpqConnection(url);
  console.log(`Restoring ${file} (${formatSize(statSync(file).size)}) into PostgreSQL at ${describeUrl(url)}`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), "maister-restore-"));
  try {
    const { mainList, deferredSql, deferred } = splitExpressionIndexes(pgRestore, file, workDir, connection.env);
    if (deferred.length) console.log(`  built last, with the extensions on the search path: ${deferred.join(", ")}`);
    const listFile = path.join(workDir, "main.list");
    writeFileSync(listFile, mainList);
    // pg_restore --clean cannot drop a partition's inherited constraints ("cannot drop inherited
    // constraint", PostgreSQL 15), and pg-boss's queue_stats is partitioned by day: the job queue's
    // schema goes first, whole, in the same transaction; the backup's copy is created again.
    const head = before.tables.length ? `DROP SCHEMA IF EXISTS ${QUEUE_SCHEMA} CASCADE;\n` : "";
    await pipeIntoPsql(
      pgRestore,
      // --no-owner and --no-privileges: the roles of the server the dump came from need not exist here.
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        `--use-list=${listFile}`,
        "--file=-",
        file,
      ],
      head,
      deferredSql,
      psql,
      [
        "--no-psqlrc",
        "--quiet",
        "--set=ON_ERROR_STOP=1",
        "--single-transaction",
        "--file=-",
        `--dbname=${connection.url}`,
      ],
      connection.env,
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const after = await tableSummary(url);
  const inDump = new Set(
    tool(pgRestore, ["--list", file], connection.env)
      .split("\n")
      .map((line) => /^\d+; \d+ \d+ TABLE (\S+) (\S+)/.exec(line))
      .filter((match) => match !== null)
      .map((match) => `${match[1]}.${match[2]}`),
  );
  const extra = after.tables.filter((table) => !inDump.has(table.replaceAll('"', "")));
  if (extra.length) console.warn(`  not in the backup, left as they were: ${extra.join(", ")}`);
  console.log(`  ${after.tables.length} tables; ${describeRows(after.rows)}`);
  console.log(
    `  If the code has migrations newer than the backup, \`npm run db:migrate\` (or \`npm start\`) applies them.`,
  );
}

/**
 * psql reads `head`, pg_restore's output and then the deferred SQL as one script in one transaction.
 * If pg_restore fails, psql is stopped before it reaches the end of its input, so it never commits.
 */
function pipeIntoPsql(
  pgRestore: string,
  restoreArgs: string[],
  head: string,
  tail: string,
  psql: string,
  psqlArgs: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = spawn(pgRestore, restoreArgs, { stdio: ["ignore", "pipe", "inherit"], env });
    // psql's output is the result of the script's own SELECTs (search_path settings); errors go to stderr.
    const writer = spawn(psql, psqlArgs, { stdio: ["pipe", "ignore", "inherit"], env });
    let readerFailed: string | null = null;
    // psql stopping on an error closes its input; that error is the one to report.
    writer.stdin.on("error", () => undefined);
    if (head) writer.stdin.write(head);
    reader.stdout.pipe(writer.stdin, { end: false });
    reader.on("error", (error) => (readerFailed = error.message));
    writer.on("error", reject);
    // "close", not "exit": only then has all of pg_restore's output gone into the pipe, so the tail comes after it.
    reader.on("close", (code, signal) => {
      if (code === 0) {
        writer.stdin.end(tail);
        return;
      }
      readerFailed ??= signal ?? `exit ${code}`;
      writer.kill("SIGTERM");
    });
    writer.on("exit", (code, signal) => {
      if (readerFailed) reject(new BackupError(`pg_restore failed (${readerFailed}); nothing was changed.`));
      else if (code === 0) resolve();
      else
        reject(
          new BackupError(
            `the restore stopped at the error above (psql ${signal ?? `exit ${code}`}); the transaction was rolled back, nothing was changed.`,
          ),
        );
    });
  });
}

async function restoreEmbedded(dataDir: string, file: string, confirmed: boolean): Promise<void> {
  if (dataDir.startsWith("memory://"))
    throw new BackupError("PGLITE_DATA_DIR is memory://: there is no data directory to restore into.");
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied) {
    assertNotInUse(dataDir);
    if (!confirmed) {
      throw new Refusal(
        `${dataDir} already holds an embedded database. Restoring replaces it (it is kept as ${dataDir}.before-restore-<time>). ` +
          `Run again with --yes (or RESTORE_CONFIRM=yes) to go ahead.`,
      );
    }
  }
  console.log(
    `Restoring ${file} (${formatSize(statSync(file).size)}) into the embedded database in ${dataDir}. The app must not be running meanwhile.`,
  );
  const stamp = utcStamp();
  const resolved = path.resolve(dataDir);
  // Unpacked next to the data directory, so the swap is two renames on one file system and a
  // snapshot that does not open leaves the current database untouched.
  const staging = `${resolved}.restoring-${stamp}`;
  mkdirSync(staging, { recursive: true });
  try {
    const unpack = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]) });
    await unpack.waitReady;
    await unpack.close();
    // Opened once more as the app opens it (with its extensions), so a snapshot the app cannot use is caught here.
    const check = await openPGlite(staging);
    let migrations: number;
    try {
      migrations = Number(
        (await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_prisma_migrations"`)).rows[0]!.n,
      );
    } finally {
      await check.close();
    }
    let keptAs = "";
    if (existsSync(resolved)) {
      keptAs = `${resolved}.before-restore-${stamp}`;
      renameSync(resolved, keptAs);
    }
    renameSync(staging, resolved);
    const shown =
      keptAs && (path.relative(process.cwd(), keptAs).startsWith("..") ? keptAs : path.relative(process.cwd(), keptAs));
    console.log(`  ${migrations} migrations recorded${shown ? `; the previous database is in ${shown}` : ""}`);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const confirmed = args.includes("--yes") || process.env.RESTORE_CONFIRM === "yes";
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file)
    throw new Refusal(
      "Usage: npm run db:restore -- <file> [--yes]   (a file written by `npm run db:backup`, e.g. backups/maister-<time>.dump)",
    );
  if (!existsSync(file) || !statSync(file).isFile()) throw new Refusal(`${file} does not exist.`);
  const target = resolveDatabaseTarget(process.env, { direct: true });
  const kind = fileKind(file);
  if (kind === null)
    throw new Refusal(`${file} is neither a pg_dump custom-format dump nor an embedded-database snapshot (.tar.gz).`);
  if (target.kind === "postgres" && kind === "pglite") {
    throw new Refusal(
      `${file} is a snapshot of the embedded database (PGlite); unset DATABASE_URL to restore it into PGLITE_DATA_DIR.`,
    );
  }
  if (target.kind === "pglite" && kind === "pg_dump") {
    throw new Refusal(`${file} is a PostgreSQL dump; set DATABASE_URL to the database to restore it into.`);
  }
  if (target.kind === "postgres") await restorePostgres(target.url, file, confirmed);
  else await restoreEmbedded(target.dataDir, file, confirmed);
  console.log(`✔ Restored ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Node resolves symbolic links in the module's URL but not in argv[1].
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } catch (error) {
    if (error instanceof Refusal) {
      console.error(`✖ ${error.message}`);
      process.exit(REFUSED);
    }
    console.error(error instanceof BackupError || error instanceof DatabaseConfigError ? `✖ ${error.message}` : error);
    process.exit(1);
  }
}
