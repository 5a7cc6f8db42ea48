import { DURATION, env, VARIABLES } from "@/lib/env";

import type { SqlRunner } from "./connection";

/**
 * Defaults every session of the app's database gets, stored on the database itself
 * (ALTER DATABASE … SET) rather than sent as connection startup options: PgBouncer in
 * transaction mode refuses unknown startup parameters (or drops them silently with
 * ignore_startup_parameters), and a per-query SET would need a transaction around every list.
 *
 * - A typo-tolerant keyword search (keywordMatch in features/catalog/server/sql-fragments.ts) needs a
 *   looser word-similarity threshold than pg_trgm's 0.6.
 * - A statement that runs away must not hold a pooled connection for ever
 *   (DATABASE_STATEMENT_TIMEOUT, default 30s; migrations and restores lift it for themselves).
 * - No JIT: every query here is short, and the planner's cost for a list with "open now" (its
 *   subplans are costed per row) crosses jit_above_cost, so PostgreSQL spent 0.8 s compiling
 *   for a 0.2 s count (measured at 100,000 services).
 * - No parallel workers: on a two-core machine serving many requests at once they take the cores
 *   other requests need, and the open-now count got slower with them (each worker builds the
 *   open services' hash again): serially 79–92 ms against 107–124 ms with two workers, the total
 *   of all published 8 ms against 16, a keyword count 31 ms against 48 (100,000 services).
 *
 * Applied by `npm start` / `npm run dev` / `db:migrate` on every run (so a database restored from a
 * dump, which does not carry database settings, gets them back); new sessions see them.
 */
export const SIMILARITY_THRESHOLD = "0.5";

export class DatabaseSettingsError extends Error {}

type SettingsVariables = { readonly [name: string]: unknown; DATABASE_STATEMENT_TIMEOUT?: string };

/** From the app's environment by default; a raw one (a test's) is checked here too, the value goes into SQL. */
export function databaseSettings(source: SettingsVariables = env): Record<string, string> {
  const timeout = source.DATABASE_STATEMENT_TIMEOUT?.trim() || VARIABLES.DATABASE_STATEMENT_TIMEOUT.default;
  if (!DURATION.test(timeout)) {
    throw new DatabaseSettingsError(
      `DATABASE_STATEMENT_TIMEOUT must be a duration like 30s, 15000ms or 0 (off); got "${timeout}".`,
    );
  }
  return {
    "pg_trgm.word_similarity_threshold": SIMILARITY_THRESHOLD,
    statement_timeout: timeout,
    jit: "off",
    max_parallel_workers_per_gather: "0",
  };
}

/** One statement setting them on the database it runs in (the name need not be known). */
export function alterCurrentDatabaseSql(settings: Record<string, string>): string {
  const statements = Object.entries(settings).map(
    ([name, value]) => `EXECUTE format('ALTER DATABASE %I SET ${name} = %L', current_database(), ${quote(value)});`,
  );
  return `DO $$ BEGIN ${statements.join(" ")} END $$`;
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** PostgreSQL only: the embedded database has one session, set when it is opened. */
export async function applyDatabaseSettings(sql: SqlRunner, source: SettingsVariables = env): Promise<void> {
  await sql.exec(alterCurrentDatabaseSql(databaseSettings(source)));
}
