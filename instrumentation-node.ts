import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { productionConfigProblems } from "@/lib/production-config";
import { startJobs } from "@/lib/jobs/runner";
import { refuseFetchForbiddenMethods } from "@/lib/security/forbidden-methods";

/** instrumentation.ts on the Node.js runtime, where the server, the database and the jobs live. */
export function register(): void {
  // At server start only: `next build` may load this file too, and builds need no secrets.
  if (process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build") {
    const problems = productionConfigProblems(process.env);
    if (problems.length) {
      for (const problem of problems) console.error(`[config] ${problem}`);
      process.exit(1);
    }
  }
  refuseFetchForbiddenMethods();
  startJobs();
}

/** A page that failed because the database is away opens the proxy's short outage window. */
export function onRequestError(error: unknown): void {
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
