// Starting the production build for a measuring or fault-injecting run (bench, lighthouse, soak,
// cluster) and the end-to-end server: build it, start it in a process group of its own, wait
// until it answers /api/health, stop it. Plain JavaScript so that both node scripts and tsx ones
// can import it (types in app-server.d.mts).
import { spawn, spawnSync } from "node:child_process";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a command to its end with the given environment, its output shown; throws if it fails. */
export function runOrThrow(command, args, env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** `next build`, unless `skip` (the run reuses the last build). */
export function buildApp(env, skip = false) {
  if (!skip) runOrThrow("npm", ["run", "build"], env);
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

/**
 * Starts `next start -p port` (or `command`) detached, in a process group of its own, so that
 * stopping it also stops the processes npm and next spawn; it is stopped when this process exits.
 * `stderr` "pipe" collects the server's error output for `log()`.
 */
export function startApp({
  port,
  env,
  command = ["node_modules/.bin/next", "start", "-p", String(port)],
  stderr = "inherit",
}) {
  const child = spawn(command[0], command.slice(1), { env, stdio: ["ignore", "ignore", stderr], detached: true });
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
