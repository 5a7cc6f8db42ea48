import pg from "pg";
import { describe, expect, it } from "vitest";

import { getDatabase } from "@/lib/db/client";
import { resolveDatabaseTarget } from "@/lib/db/config";
import { openDatabase } from "@/lib/db/connection";
import { applyMigrations, readMigrations } from "@/lib/db/migrations";
import { applyDatabaseSettings, databaseSettings, DatabaseSettingsError } from "@/lib/db/settings";

const postgresUrl = () => process.env.DATABASE_URL;

describe("database-wide session defaults (no startup options, so PgBouncer can sit in front)", () => {
  it("refuse a statement timeout that is not a duration", () => {
    expect(databaseSettings({}).statement_timeout).toBe("30s");
    expect(databaseSettings({ DATABASE_STATEMENT_TIMEOUT: "15000ms" }).statement_timeout).toBe("15000ms");
    expect(() => databaseSettings({ DATABASE_STATEMENT_TIMEOUT: "30s'; DROP TABLE users; --" })).toThrow(
      DatabaseSettingsError,
    );
  });

  it("the search threshold holds on the app's sessions", async () => {
    const db = await getDatabase();
    const [row] = await db.sql.query<{ threshold: string }>(
      `SELECT current_setting('pg_trgm.word_similarity_threshold') AS threshold`,
    );
    expect(row!.threshold).toBe("0.5");
  });

  it.runIf(Boolean(process.env.TEST_POSTGRES_URL))(
    "new sessions get them from the database, and applying them again changes them",
    async () => {
      const db = await getDatabase();
      await applyDatabaseSettings(db.sql, { DATABASE_STATEMENT_TIMEOUT: "12s" });
      const client = new pg.Client({ connectionString: postgresUrl() });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT current_setting('pg_trgm.word_similarity_threshold', true) AS threshold, current_setting('statement_timeout') AS timeout, current_setting('jit') AS jit,
          current_setting('max_parallel_workers_per_gather') AS workers`,
        );
        expect(rows[0]).toEqual({ threshold: "0.5", timeout: "12s", jit: "off", workers: "0" });
      } finally {
        await client.end();
        await applyDatabaseSettings(db.sql);
      }
    },
  );
});

describe.runIf(Boolean(process.env.TEST_POSTGRES_URL))("migrations from several instances at once", () => {
  it("apply each migration once (transaction-level lock, safe behind PgBouncer)", async () => {
    const db = await getDatabase();
    const probe = (n: number) => ({
      name: `9999010${n}000000_concurrent_${n}`,
      sql: `CREATE TABLE concurrent_probe_${n} (id int); SELECT pg_sleep(0.05);`,
      checksum: String(n).repeat(64),
    });
    const migrations = [...readMigrations(), probe(1), probe(2), probe(3)];
    // Three more connections to the same database, as three instances starting at once would open.
    const instances = await Promise.all([0, 1, 2].map(() => openDatabase(resolveDatabaseTarget(process.env))));
    try {
      const applied = await Promise.all(instances.map((instance) => applyMigrations(instance.sql, migrations)));
      expect(applied.flat().sort()).toEqual([probe(1).name, probe(2).name, probe(3).name]);
      const recorded = await db.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name LIKE '%concurrent%'`,
      );
      expect(recorded[0]!.n).toBe(3);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
