import { env, POSTGRES_PROTOCOLS, VARIABLES } from "@/lib/env";

/**
 * Which database the app talks to. DATABASE_URL selects PostgreSQL; without it the embedded
 * PGlite database in PGLITE_DATA_DIR (default .data/pglite) is used. This module and
 * connection.ts are the only places that know there are two modes.
 */
export type DatabaseTarget = { kind: "postgres"; url: string; host: string } | { kind: "pglite"; dataDir: string };

export class DatabaseConfigError extends Error {}

/** The app's parsed environment or a raw one (process.env). */
type DatabaseVariables = {
  readonly [name: string]: unknown;
  DATABASE_URL?: string;
  DIRECT_DATABASE_URL?: string;
  PGLITE_DATA_DIR?: string;
};

/**
 * `direct` is for maintenance (migrations, seeding, backups, restores): behind PgBouncer those want
 * a plain PostgreSQL session (pg_dump and psql set session state), so DIRECT_DATABASE_URL, when
 * given, is used instead of the pooled DATABASE_URL. The app's own environment by default; scripts
 * may pass another (a raw one is checked here too).
 */
export function resolveDatabaseTarget(source: DatabaseVariables = env, { direct = false } = {}): DatabaseTarget {
  const url = (direct && source.DIRECT_DATABASE_URL?.trim()) || source.DATABASE_URL?.trim();
  if (!url) return { kind: "pglite", dataDir: source.PGLITE_DATA_DIR?.trim() || VARIABLES.PGLITE_DATA_DIR.default };
  return { kind: "postgres", url, host: describeHost(url) };
}

/** "host:port" of a PostgreSQL URL, or a config error naming the variable. */
export function describeHost(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseConfigError(
      "DATABASE_URL is not a valid URL (expected postgresql://user:password@host:5432/database).",
    );
  }
  if (!POSTGRES_PROTOCOLS.includes(parsed.protocol)) {
    throw new DatabaseConfigError(`DATABASE_URL must start with postgresql:// (got ${parsed.protocol}//).`);
  }
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
}

/** One line a person can act on, for errors raised while connecting or opening the database. */
export function describeDatabaseError(error: unknown, target: DatabaseTarget): string {
  if (error instanceof DatabaseConfigError) return error.message;
  const reason = errorReason(error);
  if (target.kind === "postgres") {
    return `Cannot reach PostgreSQL at ${target.host} (DATABASE_URL): ${reason}`;
  }
  return `The embedded database in ${target.dataDir} cannot be opened (${reason}). If it is damaged, reset it with \`npm run db:reset\` (or delete ${target.dataDir}).`;
}

function errorReason(error: unknown): string {
  if (error && typeof error === "object") {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const text = (typeof message === "string" && message ? message.split("\n")[0] : undefined) ?? String(error);
    if (typeof code === "string" && !text.includes(code)) return `${code}: ${text}`;
    return text;
  }
  return String(error);
}
