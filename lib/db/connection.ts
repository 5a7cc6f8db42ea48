import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";

import { describeDatabaseError, resolveDatabaseTarget, type DatabaseTarget } from "./config";
import { openPGlite } from "./pglite";
import { SIMILARITY_THRESHOLD } from "./settings";

/** Plain SQL access for migrations and maintenance, beside the Prisma client. */
export type SqlRunner = {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn with the runner inside one transaction, rolled back on error. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type Database = {
  target: DatabaseTarget;
  prisma: PrismaClient;
  sql: SqlRunner;
  /**
   * The driver under Prisma, for a library that speaks SQL itself on the app's own connection
   * (lib/jobs/queue.ts): the pg pool, so PgBouncer sees one client, or the one PGlite instance.
   */
  driver: DriverHandle;
  close(): Promise<void>;
};

export type DriverHandle = { kind: "pg"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite };

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

export async function openDatabase(requested?: DatabaseTarget): Promise<Database> {
  let target: DatabaseTarget = { kind: "pglite", dataDir: "" };
  try {
    target = requested ?? resolveDatabaseTarget();
    return target.kind === "postgres" ? await openPostgres(target) : await openEmbedded(target);
  } catch (error) {
    throw new DatabaseUnavailableError(describeDatabaseError(error, target), { cause: error });
  }
}

async function openPostgres(target: Extract<DatabaseTarget, { kind: "postgres" }>): Promise<Database> {
  // No startup options (PgBouncer in transaction mode refuses them): session defaults are database settings (./settings.ts).
  const pool = new pg.Pool({
    connectionString: target.url,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5000,
  });
  // An idle client dropped by the server (restart, failover, admin terminate) must not crash the
  // process: pg emits it on the pool, and the next checkout simply opens a new connection.
  pool.on("error", (error) => log.warn({ area: "db", err: error }, "idle PostgreSQL connection closed"));
  // A failed connection must surface here, as one clear line, not on the first page request.
  const probe = await pool.connect();
  probe.release();
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const sql: SqlRunner = {
    async exec(text) {
      await pool.query(text);
    },
    async query(text, params) {
      return (await pool.query(text, params)).rows;
    },
    async transaction(fn) {
      // Migrations run statement by statement on one dedicated client.
      const client = await pool.connect();
      const previous = { exec: sql.exec, query: sql.query };
      sql.exec = async (text) => void (await client.query(text));
      sql.query = async (text, params) => (await client.query(text, params)).rows;
      try {
        await client.query("BEGIN");
        const result = await fn();
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        Object.assign(sql, previous);
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
  return {
    target,
    prisma,
    sql,
    driver: { kind: "pg", pool },
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

async function openEmbedded(target: Extract<DatabaseTarget, { kind: "pglite" }>): Promise<Database> {
  const db: PGlite = await openPGlite(target.dataDir);
  // One session for the whole process: the database-level defaults are simply set on it.
  await db.exec(`SET pg_trgm.word_similarity_threshold = ${SIMILARITY_THRESHOLD}`);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  const sql: SqlRunner = {
    async exec(text) {
      await db.exec(text);
    },
    async query(text, params) {
      return (await db.query(text, params)).rows as never[];
    },
    async transaction(fn) {
      await db.exec("BEGIN");
      try {
        const result = await fn();
        await db.exec("COMMIT");
        return result;
      } catch (error) {
        await db.exec("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
    async close() {
      await db.close();
    },
  };
  return {
    target,
    prisma,
    sql,
    driver: { kind: "pglite", pglite: db },
    async close() {
      await prisma.$disconnect();
      if (!db.closed) await db.close();
    },
  };
}
