import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // At server start only: `next build` may load this file too, and builds need no secrets.
  if (process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { productionConfigProblems } = await import("@/lib/production-config");
    const problems = productionConfigProblems(process.env);
    if (problems.length) {
      for (const problem of problems) console.error(`[config] ${problem}`);
      process.exit(1);
    }
  }
  const { startJobs } = await import("@/lib/server/jobs");
  startJobs();
}

/** A page that failed because the database is away opens the proxy's short outage window. */
export function onRequestError(error: unknown): void {
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
