/**
 * The process's memory that its database was out of reach a moment ago. The renderer and the API
 * notice it (instrumentation.ts, lib/http/answers.ts); proxy.ts then answers pages 503 at once
 * instead of rendering them into an error. After OUTAGE_MS the next request tries the database
 * again, so one request per window probes and the rest wait out the restart.
 * Kept on globalThis: Next 16.4.6 bundles proxy.ts apart from the pages (each gets its own copy of
 * this module) while both run in the same process; tests/integration/http/outage.test.ts covers it.
 */
const OUTAGE_MS = 3000;
/** What 503 answers tell clients to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;
const state = globalThis as typeof globalThis & { __maisterDatabaseOutageUntil?: number };

export function noteDatabaseUnavailable(now = Date.now()): void {
  state.__maisterDatabaseOutageUntil = now + OUTAGE_MS;
}

export function databaseOutageActive(now = Date.now()): boolean {
  return (state.__maisterDatabaseOutageUntil ?? 0) > now;
}
