/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, out of
 * connections, the network between us cut) rather than a bug or bad input. Callers answer such
 * errors with 503 and Retry-After: the client may simply try again, and the pool reconnects by
 * itself once the server is back.
 *
 * The same outage reaches us in several shapes: Prisma's request errors (P1001…), the pg adapter's
 * error kinds, PostgreSQL's SQLSTATEs in the adapter's cause, and plain errors of node-postgres and
 * of Node's sockets that the adapter passes through unchanged. The chain of causes is walked.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** SQLSTATE classes 08 (connection exception) and 57P0x (shutdown, crash, cannot connect now), and 53300 (too many connections). */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === "53300";
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const entry = current as { name?: unknown; code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown }; errors?: unknown };
    if (entry.name === "DatabaseUnavailableError") return true;
    for (const code of [entry.code, entry.originalCode]) {
      if (typeof code !== "string") continue;
      if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isUnavailableSqlState(code)) return true;
    }
    if (typeof entry.kind === "string" && ADAPTER_KINDS.has(entry.kind)) return true;
    if (typeof entry.message === "string" && DRIVER_MESSAGES.test(entry.message)) return true;
    pending.push(entry.cause, entry.meta?.driverAdapterError);
    if (Array.isArray(entry.errors)) pending.push(...entry.errors);
  }
  return false;
}
