import { closeDatabase, getDatabase } from "@/lib/db/client";
import { resolveDatabaseTarget } from "@/lib/db/config";
import { DatabaseUnavailableError, type Database } from "@/lib/db/connection";
import { applyMigrations, MigrationError } from "@/lib/db/migrations";
import { applyDatabaseSettings, DatabaseSettingsError } from "@/lib/db/settings";
import { loadEnv } from "@/lib/env";
import { installQueueSchema } from "@/lib/jobs/queue";

/**
 * Runs a database command: known failures become one line and exit code 1, not a stack trace.
 * Maintenance talks to PostgreSQL directly when DIRECT_DATABASE_URL is set (behind PgBouncer).
 */
export async function runDbCommand(task: (db: Database) => Promise<void>): Promise<void> {
  const target = resolveDatabaseTarget(process.env, { direct: true });
  if (target.kind === "postgres") process.env.DATABASE_URL = target.url;
  // The app's modules read the environment through lib/env.ts, which must see that change.
  loadEnv();
  try {
    await task(await getDatabase());
    await closeDatabase();
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    if (
      error instanceof DatabaseUnavailableError ||
      error instanceof MigrationError ||
      error instanceof DatabaseSettingsError
    ) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

export function describeTarget(db: Database): string {
  return db.target.kind === "postgres"
    ? `PostgreSQL at ${db.target.host}`
    : `embedded database in ${db.target.dataDir}`;
}

/**
 * After migrations: the database-wide session defaults (lib/db/settings.ts). Changing them needs
 * the database's owner; without that the app still works, with pg_trgm's stricter search and no
 * statement timeout, and this says so once.
 */
export async function settleDatabaseSettings(db: Database): Promise<void> {
  if (db.target.kind !== "postgres") return;
  try {
    await applyDatabaseSettings(db.sql);
  } catch (error) {
    if (error instanceof DatabaseSettingsError) throw error;
    console.warn(
      `[db] Could not set the database defaults (${error instanceof Error ? error.message : String(error)}); run \`npm run db:migrate\` once as the database owner.`,
    );
  }
}

/**
 * Prisma's pending migrations, then the job queue's schema (`pgboss`) installed or migrated to the
 * pinned pg-boss's version: the servers only check it (lib/jobs/queue.ts). Returns the Prisma
 * migrations applied.
 */
export async function migrateDatabase(db: Database): Promise<string[]> {
  const applied = await applyMigrations(db.sql);
  await installQueueSchema(db);
  return applied;
}
