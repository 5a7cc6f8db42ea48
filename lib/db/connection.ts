import { PrismaPg } from "@prisma/adapter-pg";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { describeDatabaseError, resolveDatabaseTarget, type DatabaseTarget } from "./config";
import { openPGlite } from "./pglite";

/** Plain SQL access for migrations and maintenance, beside the Prisma client. */
export type SqlRunner = {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn with the runner inside one transaction, rolled back on error. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Serialises concurrent migrators across processes (a no-op for the single-process PGlite). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type Database = {
  target: DatabaseTarget;
  prisma: PrismaClient;
  sql: SqlRunner;
  close(): Promise<void>;
};

/**
 * A session default every connection gets: a typo-tolerant keyword search (lib/server/services.ts)
 * needs a looser word-similarity threshold than pg_trgm's 0.6. Set per session, not per query, so
 * a list request needs no transaction around it. PostgreSQL takes it in the connection's startup
 * options (no extra round trip); PGlite, one session, takes it once.
 */
const SIMILARITY_THRESHOLD = "0.5";
const STARTUP_OPTIONS = `-c pg_trgm.word_similarity_threshold=${SIMILARITY_THRESHOLD}`;

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
  // Options in the URL itself replace these in node-postgres: say what the search then misses.
  if (/[?&]options=/.test(target.url)) console.warn(`[db] DATABASE_URL sets its own options; add "${STARTUP_OPTIONS}" to them for typo-tolerant search`);
  const pool = new pg.Pool({ connectionString: target.url, options: STARTUP_OPTIONS, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), connectionTimeoutMillis: 5000 });
  // An idle client dropped by the server (restart, failover, admin terminate) must not crash the
  // process: pg emits it on the pool, and the next checkout simply opens a new connection.
  pool.on("error", (error) => console.warn(`[db] idle PostgreSQL connection closed: ${error.message}`));
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
    async withLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock(724519)");
        return await fn();
      } finally {
        await client.query("SELECT pg_advisory_unlock(724519)").catch(() => undefined);
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
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

async function openEmbedded(target: Extract<DatabaseTarget, { kind: "pglite" }>): Promise<Database> {
  const db: PGlite = await openPGlite(target.dataDir);
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
    withLock: (fn) => fn(),
    async close() {
      await db.close();
    },
  };
  return {
    target,
    prisma,
    sql,
    async close() {
      await prisma.$disconnect();
      if (!db.closed) await db.close();
    },
  };
}
