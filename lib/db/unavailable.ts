import { codesOf, someInErrorChain } from "./error-chain";

/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, out of
 * connections, the network between us cut) rather than a bug or bad input. Callers answer such
 * errors with 503 and Retry-After: the client may simply try again, and the pool reconnects by
 * itself once the server is back.
 *
 * The same outage reaches us in several shapes: Prisma's request errors (P1001…), the pg adapter's
 * error kinds, PostgreSQL's SQLSTATEs in the adapter's cause, and plain errors of node-postgres and
 * of Node's sockets that the adapter passes through unchanged (lib/db/error-chain.ts walks them).
 */

const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** SQLSTATE classes 08 (connection exception) and 57P0x (shutdown, crash, cannot connect now), and 53300 (too many connections). */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === "53300";
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return someInErrorChain(error, (entry) => {
    if (entry.name === "DatabaseUnavailableError") return true;
    if (codesOf(entry).some((code) => PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isUnavailableSqlState(code)))
      return true;
    if (typeof entry.kind === "string" && ADAPTER_KINDS.has(entry.kind)) return true;
    return typeof entry.message === "string" && DRIVER_MESSAGES.test(entry.message);
  });
}

/**
 * Text PostgreSQL cannot store (a NUL character: 22021; a character outside the encoding: 22P05)
 * is the client's input, not our failure: answered 400.
 */
export function isUnstorableText(error: unknown): boolean {
  return someInErrorChain(error, (entry) => codesOf(entry).some((code) => code === "22021" || code === "22P05"));
}
