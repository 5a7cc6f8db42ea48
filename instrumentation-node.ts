import type { Instrumentation } from "next";

import { NOTIFICATION_WORKER, prepareNotificationQueue } from "@/features/notifications/server/deliveries";
import { JOBS } from "@/jobs";
import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { env, loadEnv } from "@/lib/env";
import { requestIdOf } from "@/lib/http/request-id";
import { startJobs } from "@/lib/jobs/runner";
import { installShutdown, isDraining, onShutdown } from "@/lib/lifecycle";
import { flushLogs, log, routeConsoleToLog } from "@/lib/log";
import { MAIL_WORKER, pendingMailCount, prepareMailQueue } from "@/lib/mail/outbox";
import { refuseFetchForbiddenMethods } from "@/lib/security/forbidden-methods";
import { reportRequestError } from "@/lib/telemetry/errors";
import { observeGauge } from "@/lib/telemetry/instruments";
import { startObservability } from "@/lib/telemetry/setup";
import { nodeRuntimeProblem } from "@/scripts/node-runtime.mjs";

/** instrumentation.ts on the Node.js runtime, where the server, the database and the jobs live. */
export async function register(): Promise<void> {
  // The environment is read here, once, before anything serves: a server with any problem names
  // every one of them, a line per variable, and does not start (production also requires
  // APP_SECRET and APP_URL; development and test have defaults). `next build` may load this file
  // too: builds check nothing, the server they are for does.
  const loaded = loadEnv();
  const building = loaded.building;
  // The Node.js version too: the standalone server may be started by hand (`node server.js`) on a
  // machine's older Node, which npm's scripts/node and the image never do (scripts/node-runtime.mjs).
  const runtimeProblem = nodeRuntimeProblem();
  const problems = runtimeProblem ? [...loaded.problems, runtimeProblem.replaceAll("\n", " ")] : loaded.problems;
  if (problems.length && !building) {
    for (const problem of problems) log.fatal({ area: "config" }, problem);
    process.exit(1);
  }
  if (!building)
    log.info({ area: "config", node: process.versions.node }, `starting on Node.js ${process.versions.node}`);
  // Traces, metrics and error reports when configured, before anything is served (lib/telemetry/setup.ts).
  if (!building) {
    await startObservability();
    observeGauge("mail.outbox.depth", "Mails waiting to be sent", pendingMailCount);
  }
  refuseFetchForbiddenMethods();
  // Outside development, what Next and libraries print becomes JSON log lines too (lib/log.ts).
  if (env.NODE_ENV !== "development") routeConsoleToLog();
  onShutdown(flushLogs);
  // SIGTERM: readyz turns 503, the job queue's workers stop, Next's exit waits for job runs and flushes (lib/lifecycle.ts).
  installShutdown({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  if (building) return;
  // The job queue on every instance, before the first request: requests write mails (and their
  // jobs) inside their transactions. Its workers and schedules only where JOBS is on; startJobs
  // stops them on drain. A queue that cannot start (the database is away, its schema not migrated:
  // /api/readyz says so) is tried again every 30 s.
  const start = async (): Promise<void> => {
    try {
      await prepareMailQueue();
      await prepareNotificationQueue();
    } catch (error) {
      log.error({ area: "jobs", err: error }, "the job queue did not start; trying again in 30 s");
      if (!isDraining()) setTimeout(() => void start(), 30_000).unref();
      return;
    }
    // Not awaited: making the queues and schedules takes a second or two on PGlite, and requests need none of it.
    void startJobs(JOBS, { workers: [MAIL_WORKER, NOTIFICATION_WORKER] }).catch((error: unknown) =>
      log.error({ area: "jobs", err: error }, "the periodic jobs did not start"),
    );
  };
  await start();
}

/**
 * A page that failed because the database is away opens the proxy's short outage window. The
 * failure is logged with the request's id (proxy.ts gave the page one: lib/http/request-id.ts).
 */
export function onRequestError(
  error: unknown,
  request?: Parameters<Instrumentation.onRequestError>[1],
  context?: Parameters<Instrumentation.onRequestError>[2],
): void {
  // Reported (when SENTRY_DSN is set) with the request's method, path and id; scrubbed of the rest.
  if (request && context) reportRequestError(error, request, context);
  if (request) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string") headers.set(name, value);
    const path = request.path.split("?")[0];
    log.error(
      { area: "next", requestId: requestIdOf(headers), method: request.method, path, err: error },
      "request failed",
    );
  }
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
