import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { applyMigrations, MigrationError, readMigrations } from "@/lib/db/migrations";

describe("migrations", () => {
  it("apply on a fresh database and are recorded the way Prisma records them", async () => {
    const db = await getDatabase();
    const rows = await db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const onDisk = readMigrations();
    expect(onDisk.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.migration_name)).toEqual(onDisk.map((m) => m.name));
    expect(rows.map((row) => row.checksum)).toEqual(onDisk.map((m) => m.checksum));
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    const extensions = await db.sql.query<{ extname: string }>(`SELECT extname FROM pg_extension ORDER BY extname`);
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(["cube", "earthdistance", "pg_trgm"]));
  });

  it("are a no-op the second time", async () => {
    const db = await getDatabase();
    expect(await applyMigrations(db.sql)).toEqual([]);
  });

  it("refuse a migration whose file changed after it was applied", async () => {
    const db = await getDatabase();
    const [first, ...rest] = readMigrations();
    const edited = { ...first!, checksum: "0".repeat(64) };
    await expect(applyMigrations(db.sql, [edited, ...rest])).rejects.toBeInstanceOf(MigrationError);
  });

  it("apply a new migration and roll it back whole when it fails", async () => {
    const db = await getDatabase();
    const good = { name: "99990101000000_probe", sql: "CREATE TABLE probe_ok (id int);", checksum: "a".repeat(64) };
    const bad = { name: "99990102000000_broken", sql: "CREATE TABLE probe_half (id int); SELECT no_such_function();", checksum: "b".repeat(64) };
    expect(await applyMigrations(db.sql, [...readMigrations(), good])).toEqual([good.name]);
    await expect(applyMigrations(db.sql, [...readMigrations(), good, bad])).rejects.toThrow();
    const tables = await db.sql.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'probe_%' ORDER BY tablename`);
    expect(tables.map((t) => t.tablename)).toEqual(["probe_ok"]);
    const recorded = await db.sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1`, [bad.name]);
    expect(recorded).toHaveLength(0);
  });
});
