import { fromPglite, PgBoss, type ConstructorOptions, type Db, type Queue } from "pg-boss";

import { beforeDatabaseClose, getDatabase } from "@/lib/db/client";
import type { Database, DriverHandle, SqlRunner } from "@/lib/db/connection";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * The job queue: pg-boss 12 (decision 0023) on the app's own connection, the PGlite instance or
 * the pg pool Prisma uses, so both database modes work and PgBouncer sees one client. Its tables
 * live in the schema `pgboss`, which the migrate step installs or upgrades after Prisma's
 * migrations (installQueueSchema); server processes only check its version. Schedules and the
 * supervise pass (expired jobs back to their queue) run only where JOBS is on.
 */
export const QUEUE_SCHEMA = "pgboss";

/**
 * The schema version of the pinned pg-boss (12.38.1). Readiness requires it, so an instance of a
 * new build waits for the migrate step; a test compares it with the package's own.
 */
export const QUEUE_SCHEMA_VERSION = 46;

/** pg-boss's Db, counting the statements it sends (the idle figure in docs/performance.md). */
export type QueueDb = Db & { statements: number };

export function queueDatabase(driver: DriverHandle): QueueDb {
  if (driver.kind === "pglite") {
    const inner = fromPglite(driver.pglite);
    const db: QueueDb = {
      statements: 0,
      async executeSql(text, values) {
        db.statements++;
        return inner.executeSql(text, values);
      },
      setSessionStatements: inner.setSessionStatements?.bind(inner),
    };
    return db;
  }
  const db: QueueDb = {
    statements: 0,
    async executeSql(text, values) {
      db.statements++;
      // node-postgres answers a text of several statements (pg-boss's BEGIN … COMMIT blocks, sent
      // without values, so on the simple protocol) with an array of results; pg-boss unwraps it.
      return (await driver.pool.query(text, values)) as unknown as { rows: unknown[] };
    },
  };
  return db;
}

/** The options of a queue: its policy, retries, expiry (pg-boss's createQueue). */
export type QueueSettings = Omit<Queue, "name">;

function baseOptions(database: Database, db: QueueDb): ConstructorOptions {
  return {
    db,
    backend: database.driver.kind === "pglite" ? "pglite" : "postgres",
    schema: QUEUE_SCHEMA,
    // LISTEN/NOTIFY holds a connection of its own, which PgBouncer in transaction mode does not
    // give: workers poll everywhere, so the same code runs on every deployment.
    useListenNotify: false,
  };
}

export type OpenQueue = {
  boss: PgBoss;
  db: QueueDb;
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
};

/**
 * A started pg-boss instance on `database`. It never migrates (the migrate step does); with JOBS
 * off it neither schedules nor supervises, and is there to send jobs (a mail's retries).
 */
export async function openQueue(database: Database, options: Partial<ConstructorOptions> = {}): Promise<OpenQueue> {
  const jobsOn = env.JOBS !== "off";
  const db = queueDatabase(database.driver);
  const boss = new PgBoss({
    ...baseOptions(database, db),
    migrate: false,
    schedule: jobsOn,
    supervise: jobsOn,
    ...options,
  });
  boss.on("error", (error) => log.warn({ area: "jobs", err: error }, "job queue error"));
  await boss.start();
  return {
    boss,
    db,
    // close: false, always: the pool (or PGlite) is the app's, closed with the database.
    stop: ({ graceful = true, timeoutMs = 8000 } = {}) => boss.stop({ graceful, close: false, timeout: timeoutMs }),
  };
}

const holder = globalThis as typeof globalThis & {
  __maisterQueue?: { database: Database; queue: Promise<OpenQueue>; ready?: OpenQueue };
};

/**
 * The process-wide queue on the process-wide database, started on first use (never at import) and
 * kept on globalThis like the database (lib/db/client.ts). It stops before the database closes.
 */
export async function getQueue(): Promise<OpenQueue> {
  const database = await getDatabase();
  const current = holder.__maisterQueue;
  if (current?.database === database) return current.queue;
  const entry: NonNullable<typeof holder.__maisterQueue> = {
    database,
    queue: openQueue(database).then(
      (opened) => (entry.ready = opened),
      (error: unknown) => {
        if (holder.__maisterQueue === entry) holder.__maisterQueue = undefined;
        throw error;
      },
    ),
  };
  const { queue } = entry;
  holder.__maisterQueue = entry;
  beforeDatabaseClose(async () => {
    if (holder.__maisterQueue?.database === database) holder.__maisterQueue = undefined;
    await (await queue.catch(() => null))?.stop({ graceful: false });
  });
  return queue;
}

/**
 * The process-wide queue if it has started, else null. A caller inside a transaction on the
 * embedded database must not start it: PGlite has one connection, which the transaction holds
 * until it ends, and pg-boss's start would wait for it.
 */
export function startedQueue(): OpenQueue | null {
  return holder.__maisterQueue?.ready ?? null;
}

// Queues are made once per pg-boss instance, before its first send or work. pg-boss's createQueue
// leaves an existing queue as it was (ON CONFLICT DO NOTHING in 12.38), so the options are then set
// with updateQueue: a release that changes a queue's retries reaches the queue. Its policy cannot change.
const created = new WeakMap<PgBoss, Map<string, Promise<void>>>();

/** Makes sure the queue exists with these options on this instance's database. */
export function ensureQueue(boss: PgBoss, name: string, options: QueueSettings = {}): Promise<void> {
  let byName = created.get(boss);
  if (!byName) created.set(boss, (byName = new Map()));
  let done = byName.get(name);
  if (!done) {
    // What updateQueue may change: all but the policy and the partitioning.
    const changeable = Object.fromEntries(
      Object.entries(options).filter(([key]) => key !== "policy" && key !== "partition"),
    ) as Omit<QueueSettings, "policy" | "partition">;
    done = (async () => {
      await boss.createQueue(name, options);
      if (Object.keys(changeable).length) await boss.updateQueue(name, changeable);
    })().catch((error: unknown) => {
      byName.delete(name);
      throw error;
    });
    byName.set(name, done);
  }
  return done;
}

/**
 * Installs pg-boss's schema, or migrates it to the pinned version, under pg-boss's own advisory
 * lock (several migrators at once are safe). Run after Prisma's migrations by `npm run db:migrate`,
 * the dev start, compose's migrate step and the integration tests' template database.
 */
export async function installQueueSchema(database: Database): Promise<void> {
  const boss = new PgBoss({
    ...baseOptions(database, queueDatabase(database.driver)),
    migrate: true,
    schedule: false,
    supervise: false,
    registerInstance: false,
  });
  boss.on("error", (error) => log.warn({ area: "jobs", err: error }, "job queue error"));
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** The installed schema version of the queue, or null when it is not installed. */
export async function queueSchemaVersion(sql: SqlRunner): Promise<number | null> {
  const [exists] = await sql.query<{ found: boolean }>(
    `SELECT to_regclass('${QUEUE_SCHEMA}.version') IS NOT NULL AS found`,
  );
  if (!exists?.found) return null;
  const [row] = await sql.query<{ version: number }>(`SELECT version FROM ${QUEUE_SCHEMA}.version`);
  return row ? Number(row.version) : null;
}
