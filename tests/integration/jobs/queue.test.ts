import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDatabase } from "@/lib/db/client";
import { checkReadiness, MIGRATIONS_CHECK_MS } from "@/lib/health";
import { openQueue, QUEUE_SCHEMA_VERSION, queueSchemaVersion, type OpenQueue } from "@/lib/jobs/queue";

/**
 * The job queue itself (pg-boss 12 on the app's connection, lib/jobs/queue.ts): its schema, and
 * the properties the app relies on, on the database these tests run on (PGlite, or PostgreSQL
 * when TEST_POSTGRES_URL is set). "Two instances" are two pg-boss instances in this process.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let a: OpenQueue;
let b: OpenQueue;

beforeAll(async () => {
  const database = await getDatabase();
  [a, b] = [await openQueue(database), await openQueue(database)];
});

afterAll(async () => {
  await Promise.all([a.stop({ graceful: false }), b.stop({ graceful: false })]);
});

describe("the queue's schema", () => {
  it("is pgboss at the pinned pg-boss's version, beside the app's tables and out of Prisma's migrations", async () => {
    const { sql } = await getDatabase();
    const schemaFile = path.join(process.cwd(), "node_modules", "pg-boss", "dist", "schema.json");
    expect(QUEUE_SCHEMA_VERSION).toBe((JSON.parse(readFileSync(schemaFile, "utf8")) as { version: number }).version);
    expect(await queueSchemaVersion(sql)).toBe(QUEUE_SCHEMA_VERSION);
    expect(await a.boss.schemaVersion()).toBe(QUEUE_SCHEMA_VERSION);
    const tables = await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'pgboss'`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["job", "queue", "schedule", "version"]),
    );
    const [migrations] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM _prisma_migrations WHERE migration_name ILIKE '%boss%'`,
    );
    expect(migrations!.n).toBe(0);
  });

  it("is required by readiness: another version counts as a pending migration", async () => {
    const { sql } = await getDatabase();
    expect((await checkReadiness()).checks.migrations).toBe("ok");
    await sql.exec(`UPDATE pgboss.version SET version = version - 1`);
    try {
      await sleep(MIGRATIONS_CHECK_MS + 100);
      expect(await checkReadiness()).toMatchObject({ status: "unavailable", checks: { migrations: "pending" } });
    } finally {
      await sql.exec(`UPDATE pgboss.version SET version = version + 1`);
    }
  }, 15_000);
});

describe("retries, backoff and the dead-letter queue", () => {
  it("retries a failing job with growing pauses until it succeeds", async () => {
    await a.boss.createQueue("test-retry", { retryLimit: 4, retryDelay: 1, retryBackoff: true, retryDelayMax: 2 });
    const attempts: number[] = [];
    await a.boss.work("test-retry", { pollingIntervalSeconds: 0.5 }, async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error("passing failure");
    });
    const id = await a.boss.send("test-retry", {});
    await expect.poll(() => attempts.length, { timeout: 10_000, interval: 50 }).toBe(3);
    await expect
      .poll(async () => (await a.boss.findJobs("test-retry", { id: id! }))[0]?.state, { timeout: 5000 })
      .toBe("completed");
    const pauses = attempts.slice(1).map((at, i) => at - attempts[i]!);
    expect(pauses[0]!).toBeGreaterThanOrEqual(900);
    expect(pauses[1]!).toBeGreaterThanOrEqual(1900);
    await a.boss.offWork("test-retry");
  });

  it("moves a job that used its retries up to its dead-letter queue, with its data", async () => {
    await a.boss.createQueue("test-dead");
    await a.boss.createQueue("test-dl", { retryLimit: 1, retryDelay: 0, deadLetter: "test-dead" });
    let runs = 0;
    await a.boss.work("test-dl", { pollingIntervalSeconds: 0.5 }, async () => {
      runs++;
      throw new Error("always fails");
    });
    const id = await a.boss.send("test-dl", { mailId: "m-1" });
    await expect
      .poll(async () => (await a.boss.findJobs("test-dead")).length, { timeout: 10_000, interval: 200 })
      .toBe(1);
    const [dead] = await a.boss.findJobs<{ mailId: string }>("test-dead");
    expect(dead!.data).toEqual({ mailId: "m-1" });
    expect((await a.boss.findJobs("test-dl", { id: id! }))[0]!.state).toBe("failed");
    expect(runs).toBe(2);
    await a.boss.offWork("test-dl");
  });
});

describe("policies and throttling", () => {
  it("a stately queue keeps one job queued; a throttle key sends one job per key per slot", async () => {
    await a.boss.createQueue("test-stately", { policy: "stately" });
    const sent = [
      await a.boss.send("test-stately", {}),
      await b.boss.send("test-stately", {}),
      await a.boss.send("test-stately", {}),
    ];
    expect(sent.filter(Boolean)).toHaveLength(1);

    await a.boss.createQueue("test-throttle");
    const throttled = await Promise.all([
      a.boss.send("test-throttle", {}, { singletonKey: "chat-1", singletonSeconds: 60 }),
      b.boss.send("test-throttle", {}, { singletonKey: "chat-1", singletonSeconds: 60 }),
      a.boss.send("test-throttle", {}, { singletonKey: "chat-2", singletonSeconds: 60 }),
    ]);
    expect(throttled.filter(Boolean)).toHaveLength(2);
  });

  it("a singleton queue runs one job at a time across instances, even with local concurrency", async () => {
    await a.boss.createQueue("test-singleton", { policy: "singleton" });
    let running = 0;
    let most = 0;
    const handler = async () => {
      running++;
      most = Math.max(most, running);
      await sleep(300);
      running--;
    };
    await a.boss.work("test-singleton", { pollingIntervalSeconds: 0.5, localConcurrency: 2 }, handler);
    await b.boss.work("test-singleton", { pollingIntervalSeconds: 0.5, localConcurrency: 2 }, handler);
    for (let i = 0; i < 4; i++) await a.boss.send("test-singleton", { i });
    await expect
      .poll(async () => (await a.boss.findJobs("test-singleton")).filter((job) => job.state === "completed").length, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(4);
    expect(most).toBe(1);
    await Promise.all([a.boss.offWork("test-singleton"), b.boss.offWork("test-singleton")]);
  });
});
