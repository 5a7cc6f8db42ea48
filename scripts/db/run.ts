import { closeDatabase, getDatabase } from "@/lib/db/client";
import type { Database } from "@/lib/db/connection";
import { DatabaseUnavailableError } from "@/lib/db/connection";
import { MigrationError } from "@/lib/db/migrations";

/** Runs a database command: known failures become one line and exit code 1, not a stack trace. */
export async function runDbCommand(task: (db: Database) => Promise<void>): Promise<void> {
  try {
    await task(await getDatabase());
    await closeDatabase();
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    if (error instanceof DatabaseUnavailableError || error instanceof MigrationError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

export function describeTarget(db: Database): string {
  return db.target.kind === "postgres" ? `PostgreSQL at ${db.target.host}` : `embedded database in ${db.target.dataDir}`;
}
