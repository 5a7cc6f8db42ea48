// npm run db:backup [-- <file>]: a restorable copy of the database the app uses.
//   PostgreSQL (DATABASE_URL): pg_dump --format=custom → backups/maister-<UTC time>.dump
//   embedded PGlite (PGLITE_DATA_DIR, default .data/pglite): a snapshot of the data directory →
//     backups/maister-<UTC time>.tar.gz, taken while the app is stopped (PGlite is single-process)
// Restore either with `npm run db:restore -- <file>`. PG_BIN picks the directory of pg_dump.
// Also the helpers restore.ts and the restore drill share (finding PostgreSQL's tools, who has
// the embedded database open).
import { spawn } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { DatabaseConfigError, resolveDatabaseTarget } from "@/lib/db/config";
import { openPGlite } from "@/lib/db/pglite";

/** A failure the person running the command can act on: printed as one line, exit 1. */
export class BackupError extends Error {}

export const BACKUP_DIR = "backups";

/** 20261123T090405Z: sorts by time and has no characters that file systems or shells mind. */
export function utcStamp(date: Date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "");
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * pg_dump, pg_restore or psql: from PG_BIN when set, else PATH, else the newest Debian/Ubuntu
 * server install (whose binaries are not on PATH without postgresql-client).
 */
export function findPgTool(name: string): string {
  const pgBin = process.env.PG_BIN?.trim();
  if (pgBin) {
    const file = path.join(pgBin, name);
    if (isExecutable(file)) return file;
    throw new BackupError(`${file} not found or not executable (PG_BIN=${pgBin}).`);
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const file = path.join(debian, version, "bin", name);
    if (isExecutable(file)) return file;
  }
  throw new BackupError(
    `${name} not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client-15), or set PG_BIN to the directory that holds ${name}.`,
  );
}

/**
 * The connection string for libpq tools without its password, which goes in PGPASSWORD instead:
 * command lines are visible to every user of the machine (ps), the environment is not.
 */
export function libpqConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  // The database's default statement timeout (lib/db/settings.ts) is for the app's requests, not a whole dump or restore.
  const env: NodeJS.ProcessEnv = { ...process.env, PGOPTIONS: "-c statement_timeout=0" };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
  }
  return { url: parsed.toString(), env };
}

/** "host:port/database" for messages, never the password. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname}`;
}

/**
 * Processes (other than this one) with files open inside dir, from /proc; null where there is no
 * /proc to ask. A PGlite instance keeps its relation files open while it runs, so this finds a
 * running app; a second process writing the same data directory would corrupt it.
 */
export function processesUsing(dir: string): { pid: number; command: string }[] | null {
  if (!existsSync("/proc/self/fd")) return null;
  const root = realpathSync(dir) + path.sep;
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(root);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = "";
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    } catch {
      // ended meanwhile
    }
    found.push({ pid: Number(entry), command });
  }
  return found;
}

/** Refuses to touch an embedded data directory that a running process has open. */
export function assertNotInUse(dataDir: string): void {
  const holders = processesUsing(dataDir);
  if (holders === null) {
    console.warn(`Cannot check whether the app is running (no /proc): make sure nothing has ${dataDir} open.`);
    return;
  }
  if (holders.length) {
    const list = holders
      .map((holder) => `pid ${holder.pid}${holder.command ? ` (${holder.command.slice(0, 120)})` : ""}`)
      .join(", ");
    throw new BackupError(
      `The embedded database in ${dataDir} is open in ${list}. PGlite serves one process at a time: stop the app (npm run dev / npm start) and run this again.`,
    );
  }
}

/** Runs a tool with inherited output; rejects with its exit code. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit"], env });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.basename(file)} failed (${signal ?? `exit ${code}`}).`)),
    );
  });
}

async function backupPostgres(url: string, file: string, shown: string): Promise<void> {
  const pgDump = findPgTool("pg_dump");
  const connection = libpqConnection(url);
  console.log(`PostgreSQL at ${describeUrl(url)} → ${shown} (${pgDump})`);
  await runTool(pgDump, ["--format=custom", `--file=${file}`, `--dbname=${connection.url}`], connection.env);
}

async function backupEmbedded(dataDir: string, file: string, shown: string): Promise<void> {
  if (dataDir.startsWith("memory://"))
    throw new BackupError("PGLITE_DATA_DIR is memory://: an in-memory database has nothing on disk to back up.");
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} (PGLITE_DATA_DIR). For PostgreSQL, set DATABASE_URL.`,
    );
  }
  assertNotInUse(dataDir);
  console.log(
    `Embedded database in ${dataDir} → ${shown}. The app must not be running meanwhile: PGlite is single-process.`,
  );
  const db = await openPGlite(dataDir);
  try {
    // Flushes every page, so the snapshot needs no WAL replay to be complete.
    await db.exec("CHECKPOINT");
    const snapshot = await db.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  // Backups hold password hashes, e-mail addresses and sessions: readable by this user only.
  process.umask(0o077);
  const started = Date.now();
  const target = resolveDatabaseTarget(process.env, { direct: true });
  const requested = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const file =
    requested ?? path.join(BACKUP_DIR, `maister-${utcStamp()}.${target.kind === "postgres" ? "dump" : "tar.gz"}`);
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another name.`);
  mkdirSync(path.dirname(file) || ".", { recursive: true });
  // Written under another name first, so a failed or interrupted run never leaves a file that
  // looks like a complete backup.
  const partial = `${file}.partial`;
  try {
    if (target.kind === "postgres") await backupPostgres(target.url, partial, file);
    else await backupEmbedded(target.dataDir, partial, file);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`✔ Backup written: ${file} (${formatSize(statSync(file).size)}) in ${seconds} s`);
  console.log(`  Restore it with: npm run db:restore -- ${file}`);
}

// Node resolves symbolic links in the module's URL but not in argv[1].
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof BackupError || error instanceof DatabaseConfigError ? `✖ ${error.message}` : error);
    process.exit(1);
  }
}
