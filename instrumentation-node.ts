import { JOBS } from "@/jobs";
import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { env, loadEnv } from "@/lib/env";
import { startJobs } from "@/lib/jobs/runner";
import { installShutdown, onDrain } from "@/lib/lifecycle";
import { refuseFetchForbiddenMethods } from "@/lib/security/forbidden-methods";

/** instrumentation.ts on the Node.js runtime, where the server, the database and the jobs live. */
export function register(): void {
  // The environment is read here, once, before anything serves: a server with any problem names
  // every one of them, a line per variable, and does not start (production also requires
  // APP_SECRET and APP_URL; development and test have defaults). `next build` may load this file
  // too: builds check nothing, the server they are for does.
  const { problems, building } = loadEnv();
  if (problems.length && !building) {
    for (const problem of problems) console.error(`[config] ${problem}`);
    process.exit(1);
  }
  refuseFetchForbiddenMethods();
  // SIGTERM: readyz turns 503, the job timers stop, Next's exit waits for job runs and flushes (lib/lifecycle.ts).
  installShutdown({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  onDrain(startJobs(JOBS));
}

/** A page that failed because the database is away opens the proxy's short outage window. */
export function onRequestError(error: unknown): void {
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
