// npm test: the unit, integration and e2e tests, in two lanes at the same time.
//   e2e lane     the production build, then the Playwright specs (scripts/test-e2e.mjs)
//   beside lane  the unit tests, then the integration tests on PostgreSQL, and on PGlite where the two
//                differ (scripts/test-integration.mjs), at a lower CPU priority (nice 15, in a session
//                of its own whose autogroup has that level too: see lowerSessionPriority)
// The e2e lane is the long one, and it leaves part of two cores idle: its one browser waits on the
// server and the server on the database, and a few steps wait on a clock (a fresh TOTP code). The
// beside lane runs in that idle time: at nice 15 the kernel gives it mostly what the e2e lane
// leaves, so the specs slow down less than the beside lane's own CPU would suggest (figures in
// docs/performance.md, "CI").
//
// The beside lane's output goes to .data/test-logs/beside.log and is printed whole once both lanes
// end, so every runner's summary stays a line of its own for scripts/ci-summary.mjs; the e2e
// lane's output comes as Playwright prints it. Exits 1 when either lane failed.
//   TEST_LANES=serial   one lane after the other, as before (for a machine with one core, or to
//                       read the output in order)
// When the beside lane ends, .data/test-logs/beside.done holds its exit code: from then on the e2e
// lane runs alone and leaves part of the machine idle, which a caller may use (CI starts the soak).
// The integration lane's PostgreSQL is TEST_POSTGRES_URL's server: CI starts one of its own at the
// same lower priority, so that its work does not take CPU from the e2e database either.
import "./node-guard.mjs";

import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { binCommand } from "./node-commands.mjs";

const LOG_DIR = path.resolve(".data/test-logs");
const NICE = 15;

/**
 * Lowers a session's CPU share. With the kernel's autogroups (Linux's sched_autogroup_enabled, on
 * by default in most distributions), the CPU is shared between sessions first and by nice level only
 * inside one: Playwright starts Chromium and the e2e server each in a session of its own, so a nice
 * level alone did not hold the beside lane back from them. Its session's own level does.
 */
function lowerSessionPriority(pid) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(NICE));
  } catch {
    // No autogroups (the file is missing or not writable): the nice level does the work.
  }
}

/** Runs [command, args] to the end; resolves its exit code. */
function run([command, args], { out, nice = false }) {
  const lowered = nice && process.platform === "linux";
  const [file, argv] = lowered ? ["nice", ["-n", String(NICE), command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    stdio: out ? ["ignore", "pipe", "pipe"] : "inherit",
    env: process.env,
    // A session of its own, whose priority can be lowered without lowering the e2e lane's.
    detached: lowered,
  });
  if (lowered && child.pid) {
    groupLeaders.add(child);
    lowerSessionPriority(child.pid);
  }
  if (out) {
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  children.add(child);
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

/** Runs the steps one after the other, all of them even when one fails; resolves whether all passed. */
async function lane(steps, options) {
  let passed = true;
  for (const step of steps) {
    const started = Date.now();
    const code = await run(step.command, options);
    const line = `── ${step.name}: exit ${code} after ${Math.round((Date.now() - started) / 1000)} s ──\n`;
    if (options.out) options.out.write(line);
    else process.stdout.write(line);
    passed &&= code === 0;
  }
  return passed;
}

const children = new Set();
/** The children started in a session (and process group) of their own. */
const groupLeaders = new WeakSet();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    for (const child of children) {
      // A detached child leads a process group of its own: the signal goes to all of it.
      try {
        if (groupLeaders.has(child)) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        child.kill(signal);
      }
    }
    process.exit(130);
  });
// However this process ends, a detached lane still running is not left behind: its session is not
// this one's, so a terminal's hang-up or a kill of this process group would not reach it.
process.on("exit", () => {
  for (const child of children) {
    if (!groupLeaders.has(child)) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
});

const node = (script) => [process.execPath, [script]];
const beside = [
  { name: "unit tests", command: binCommand("vitest", ["run", "--project", "unit"]) },
  { name: "integration tests", command: node("scripts/test-integration.mjs") },
];
const e2e = [{ name: "e2e tests", command: node("scripts/test-e2e.mjs") }];

let passed;
if (process.env.TEST_LANES === "serial") {
  const besidePassed = await lane(beside, {});
  passed = (await lane(e2e, {})) && besidePassed;
} else {
  mkdirSync(LOG_DIR, { recursive: true });
  const file = path.join(LOG_DIR, "beside.log");
  const out = createWriteStream(file);
  console.log(
    `▶ unit and integration tests run beside the e2e tests at nice ${NICE}; their output is printed at the end (${path.relative(process.cwd(), file)})`,
  );
  const done = path.join(LOG_DIR, "beside.done");
  rmSync(done, { force: true });
  const besideLane = lane(beside, { out, nice: true }).then((besidePassed) => {
    writeFileSync(done, besidePassed ? "0\n" : "1\n");
    return besidePassed;
  });
  const results = await Promise.all([besideLane, lane(e2e, {})]);
  await new Promise((resolve) => out.end(resolve));
  console.log("\n▶ unit and integration tests (run beside the e2e tests)");
  passed = results.every(Boolean);
  // Written out before the exit: process.exit() does not wait for a pipe (CI tees this output),
  // and a cut-off log lost a runner's summary line from the CI count once.
  await new Promise((resolve) => process.stdout.write(readFileSync(file), resolve));
}
process.exit(passed ? 0 : 1);
