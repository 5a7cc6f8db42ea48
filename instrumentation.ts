import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobs } = await import("@/lib/server/jobs");
  startJobs();
}

/** A page that failed because the database is away opens the proxy's short outage window. */
export function onRequestError(error: unknown): void {
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
