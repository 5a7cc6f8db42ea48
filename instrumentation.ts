import { noteDatabaseUnavailable } from "@/lib/db/outage";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

/** A page that failed because the database is away opens the proxy's short outage window. */
export function onRequestError(error: unknown): void {
  if (isDatabaseUnavailable(error)) noteDatabaseUnavailable();
}
