import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { SqlRunner } from "./connection";

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

export type MigrationFolder = { name: string; sql: string; checksum: string };

export class MigrationError extends Error {}

/**
 * The names of the migration folders in Prisma's layout, oldest first (nothing read but the folder).
 * The server reads them too (/api/readyz): the turbopackIgnore comments keep Next's file tracing from
 * taking these run-time paths for the whole project; scripts/standalone.mjs ships the folder.
 */
export function migrationNames(dir: string = MIGRATIONS_DIR): string[] {
  if (!existsSync(/* turbopackIgnore: true */ dir)) return [];
  return readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(/* turbopackIgnore: true */ path.join(dir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort();
}

/** The migration folders in Prisma's layout, oldest first. */
export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFolder[] {
  return migrationNames(dir).map((name) => {
    const sql = readFileSync(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
    return { name, sql, checksum: sha256(sql) };
  });
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

// Prisma's own bookkeeping table, so `prisma migrate status` agrees where Prisma's engines exist.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type AppliedRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

/**
 * Concurrent migrators (several instances starting at once) take this lock inside each
 * transaction. A session-level lock would be unsafe behind PgBouncer in transaction mode: the
 * unlock can reach another server connection than the lock and leave it held.
 */
const MIGRATION_LOCK = 724519;

/** Applies pending migrations, each in its own transaction; returns the names applied. */
export async function applyMigrations(
  sql: SqlRunner,
  migrations: MigrationFolder[] = readMigrations(),
): Promise<string[]> {
  await sql.transaction(async () => {
    await sql.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await sql.exec(CREATE_MIGRATIONS_TABLE);
  });
  const rows = await sql.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((row) => [row.migration_name, row]));
  for (const row of rows) {
    if (!row.finished_at) {
      throw new MigrationError(
        `Migration ${row.migration_name} started but never finished; fix the database by hand or run \`npm run db:reset\`.`,
      );
    }
  }
  const done: string[] = [];
  for (const migration of migrations) {
    const previous = applied.get(migration.name);
    if (previous) {
      if (previous.checksum !== migration.checksum) {
        throw new MigrationError(
          `Migration ${migration.name} was changed after it was applied (checksum differs). Migrations are never edited: restore the file and add a new migration.`,
        );
      }
      continue;
    }
    const appliedHere = await sql.transaction(async () => {
      await sql.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      // Another instance may have applied it while this one waited for the lock.
      const meanwhile = await sql.query(
        `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND rolled_back_at IS NULL`,
        [migration.name],
      );
      if (meanwhile.length) return false;
      // A migration may build indexes on big tables: the database's statement timeout is meant for the app's requests.
      await sql.exec("SET LOCAL statement_timeout = 0");
      await sql.exec(migration.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at) VALUES ($1, $2, now(), $3, 1, now())`,
        [randomUUID(), migration.checksum, migration.name],
      );
      return true;
    });
    if (appliedHere) done.push(migration.name);
  }
  return done;
}
