// A PostgreSQL server of a reliability run's own (soak, cluster), on loopback in a temporary
// directory, so the run can restart it. Debian's binaries refuse to run as root: as root, it and
// the run's other servers (PgBouncer, nginx) run as the `postgres` user.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { renderDeployFile } from "./templates";

export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const SERVICE_USER = "postgres";
const asRoot = process.getuid?.() === 0;

const quoted = (parts: string[]) => parts.map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(" ");

/** Runs a command to its end as the service user (as this user when not root); throws with its output on failure. */
export function runAsServiceUser(command: string, args: string[]): string {
  const line = quoted([command, ...args]);
  const result = asRoot
    ? spawnSync("su", [SERVICE_USER, "-s", "/bin/sh", "-c", line], { encoding: "utf8" })
    : spawnSync("sh", ["-c", line], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The same without blocking the event loop, for what runs beside a load. */
export function runAsServiceUserAsync(command: string, args: string[]): Promise<void> {
  const line = quoted([command, ...args]);
  const child = asRoot
    ? spawn("su", [SERVICE_USER, "-s", "/bin/sh", "-c", line], { stdio: "ignore" })
    : spawn("sh", ["-c", line], { stdio: "ignore" });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}`)),
    ),
  );
}

/** A temporary directory the service user can write to; removed with the process. */
export function serviceDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) chownSync(dir, Number(spawnSync("id", ["-u", SERVICE_USER], { encoding: "utf8" }).stdout.trim()), 0);
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export type LocalPostgres = { url: string; dir: string; restart(): Promise<void>; stop(): void };

export function startLocalPostgres(port: number, extraOptions = ""): LocalPostgres {
  const dir = serviceDirectory("maister-pg-");
  const options =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100 ${extraOptions}`.trim();
  const pgCtl = (...args: string[]) =>
    runAsServiceUser(path.join(PG_BIN, "pg_ctl"), ["-D", `${dir}/data`, "-w", "-t", "60", ...args]);
  runAsServiceUser(path.join(PG_BIN, "initdb"), [
    "-D",
    `${dir}/data`,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  pgCtl("-l", `${dir}/log`, "-o", options, "start");
  const stop = () => {
    try {
      pgCtl("-m", "immediate", "stop");
    } catch {
      // not running
    }
  };
  // Before the directory's removal, which serviceDirectory() registered earlier.
  process.prependListener("exit", stop);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop,
    restart: () =>
      runAsServiceUserAsync(path.join(PG_BIN, "pg_ctl"), [
        "-D",
        `${dir}/data`,
        "-w",
        "-t",
        "60",
        "-m",
        "fast",
        "-l",
        `${dir}/log`,
        "-o",
        options,
        "restart",
      ]),
  };
}

export type LocalPgBouncer = { url: string; start(): void; stop(): void };

/**
 * PgBouncer in transaction mode on loopback in front of `target` (a postgres:// URL), started at
 * once and stopped with the process: the pooled path of the scale-out setup (docs/operations.md,
 * "Several instances"), for the cluster test and the bench. Its configuration is deploy/pgbouncer.ini,
 * the file compose runs, filled with loopback ports and this run's paths. The pooled database is
 * named `maister`.
 */
export function startPgBouncer(port: number, target: string): LocalPgBouncer {
  const server = new URL(target);
  const dir = serviceDirectory("maister-pgbouncer-");
  const user = decodeURIComponent(server.username || "postgres");
  writeFileSync(path.join(dir, "users.txt"), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    renderDeployFile("pgbouncer.ini", {
      PGBOUNCER_LISTEN_ADDR: "127.0.0.1",
      PGBOUNCER_LISTEN_PORT: String(port),
      PGBOUNCER_DB_HOST: server.hostname,
      PGBOUNCER_DB_PORT: server.port || "5432",
      PGBOUNCER_DB_NAME: server.pathname.slice(1) || "postgres",
      PGBOUNCER_DB_USER: user,
      PGBOUNCER_AUTH_TYPE: "trust",
      PGBOUNCER_AUTH_FILE: `${dir}/users.txt`,
      PGBOUNCER_LOGFILE: `${dir}/pgbouncer.log`,
      PGBOUNCER_PIDFILE: `${dir}/pgbouncer.pid`,
    }),
  );
  const start = () => runAsServiceUser("/usr/sbin/pgbouncer", ["-d", path.join(dir, "pgbouncer.ini")]);
  const stop = () => {
    try {
      runAsServiceUser("/bin/sh", ["-c", `kill -TERM "$(cat ${dir}/pgbouncer.pid)"`]);
    } catch {
      // not running
    }
  };
  start();
  process.prependListener("exit", stop);
  return { url: `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/maister`, start, stop };
}
