// Starting the production build for a measuring or fault-injecting run (bench, lighthouse, soak,
// cluster) and the end-to-end server: build it, start it in a process group of its own, wait
// until it answers /api/health, stop it. What runs is the standalone artifact that is deployed
// (`node .next/standalone/server.js`, completed by scripts/standalone.mjs), not `next start`.
// Plain JavaScript so that both node scripts and tsx ones can import it (types in app-server.d.mts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { npmRunCommand } from "./node-commands.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a command to its end with the given environment, its output shown; throws if it fails. */
export function runOrThrow(command, args, env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** `npm run build` (`next build` and scripts/standalone.mjs), unless `skip` (the run reuses the last build). */
export function buildApp(env, skip = false) {
  if (!skip) runOrThrow(...npmRunCommand("build"), env);
}

/** Throws when something already answers at `origin`: a run must measure its own server. */
export async function assertPortFree(origin, hint) {
  if (
    await fetch(`${origin}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${origin} is taken: stop what runs there or ${hint}`);
}

/** The standalone server, relative to the repository. */
export const STANDALONE_SERVER = ".next/standalone/server.js";

/**
 * PGLITE_DATA_DIR's default (lib/env.ts, VARIABLES.PGLITE_DATA_DIR; a unit test keeps them equal):
 * plain JavaScript cannot import the TypeScript module that owns it.
 */
export const PGLITE_DEFAULT_DIR = ".data/pglite";

/**
 * The environment of a standalone server started from the repository. server.js changes its
 * working directory to its own folder, so a relative PGLITE_DATA_DIR would name a database inside
 * .next/standalone (a new, empty one, which the next build deletes) rather than the one
 * `npm run db:*` and the migrations before the start prepared: it is made absolute here, against
 * the directory the command runs in. `port` and `hostname`, when given, become PORT and HOSTNAME,
 * which server.js listens on.
 */
export function standaloneEnv(env, { port, hostname } = {}) {
  const result = { ...env };
  if (!result.DATABASE_URL?.trim()) {
    const dir = result.PGLITE_DATA_DIR?.trim() || PGLITE_DEFAULT_DIR;
    result.PGLITE_DATA_DIR = dir.startsWith("memory://") ? dir : path.resolve(dir);
  }
  if (port !== undefined) result.PORT = String(port);
  if (hostname !== undefined) result.HOSTNAME = hostname;
  return result;
}

/**
 * The address a standalone server listens on: all interfaces, as `next start` did and as the image
 * does. Not 127.0.0.1: Next 16.4.6 then takes 127.0.0.1 for its own origin while the proxy's
 * rewrites (next-intl's, to /en/...) name localhost, so it forwards each page to itself as to
 * another site, where the prefixed address is redirected back: every page a 307 to itself. And
 * set, not inherited: Docker puts the container's name in HOSTNAME.
 */
export const LISTEN_ON = "0.0.0.0";

/**
 * jemalloc, which the image preloads (deploy/Dockerfile), where the machine has Debian's libjemalloc2:
 * libvips on glibc's allocator fragments the heap (sharp 0.35.5's concurrency() docs: on glibc
 * Linux without jemalloc it keeps to one thread per image for that reason), and the resident
 * memory of a server that re-encodes uploads keeps rising though nothing leaks. A run that
 * measures the server's memory measures the allocator that ships. SERVER_ALLOCATOR=glibc leaves it out.
 */
const JEMALLOC = ["/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2"].find(
  (file) => existsSync(file),
);

/**
 * Starts the standalone server (or `command`) on `port` detached, on this process's Node (see
 * node-commands.mjs), in a process group of its own,
 * so that stopping it also stops whatever it spawns; it is stopped when this process exits.
 * `stderr` "pipe" collects the server's error output for `log()`; `stdout` "pipe" lets the caller read
 * the rest of its log (child.stdout).
 */
export function startApp({
  port,
  env,
  command = [process.execPath, STANDALONE_SERVER],
  stderr = "inherit",
  stdout = "ignore",
}) {
  if (command[1] === STANDALONE_SERVER && !existsSync(STANDALONE_SERVER))
    throw new Error(`${STANDALONE_SERVER} is missing: run \`npm run build\` first`);
  const serverEnv = standaloneEnv(env, { port, hostname: LISTEN_ON });
  if (JEMALLOC && !serverEnv.LD_PRELOAD && process.env.SERVER_ALLOCATOR !== "glibc") serverEnv.LD_PRELOAD = JEMALLOC;
  const child = spawn(command[0], command.slice(1), {
    env: serverEnv,
    stdio: ["ignore", stdout, stderr],
    detached: true,
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => (errors += chunk.toString()));
  const stop = (signal = "SIGTERM") => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  process.on("exit", () => stop());
  return { child, pid: child.pid, stop, log: () => errors };
}

/** Waits until `${origin}/api/health` answers 200; throws after `timeoutMs`, with `detail()` in the message. */
export async function waitForHealth(origin, { timeoutMs = 60_000, detail = () => "" } = {}) {
  const since = Date.now();
  while (
    !(await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() - since > timeoutMs)
      throw new Error(`${origin} did not become healthy in ${timeoutMs / 1000} s${detail() ? `:\n${detail()}` : ""}`);
    await sleep(500);
  }
}
