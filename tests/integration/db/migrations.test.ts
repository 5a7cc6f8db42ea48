import { describe, expect, it } from "vitest";

import { getDatabase } from "@/lib/db/client";
import { openDatabase } from "@/lib/db/connection";
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
    const bad = {
      name: "99990102000000_broken",
      sql: "CREATE TABLE probe_half (id int); SELECT no_such_function();",
      checksum: "b".repeat(64),
    };
    expect(await applyMigrations(db.sql, [...readMigrations(), good])).toEqual([good.name]);
    await expect(applyMigrations(db.sql, [...readMigrations(), good, bad])).rejects.toThrow();
    const tables = await db.sql.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE tablename LIKE 'probe_%' ORDER BY tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(["probe_ok"]);
    const recorded = await db.sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1`, [bad.name]);
    expect(recorded).toHaveLength(0);
  });

  it("move rows stored before phones were normalized and trailers sent as trucks", async () => {
    const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      const all = readMigrations();
      const at = all.findIndex((migration) => migration.name.endsWith("_phones_e164_trailers_as_trucks"));
      expect(at).toBeGreaterThan(0);
      await applyMigrations(db.sql, all.slice(0, at));
      await db.sql.exec(
        `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "updatedAt") VALUES ('00000000-0000-4000-8000-000000000001', 'Owner', 'o@test.local', 'o@test.local', 'x', now())`,
      );
      const rows: [string, string, string, string][] = [
        ["00000000-0000-4000-8000-0000000000a1", "trailers", "067 123 4567", ""],
        ["00000000-0000-4000-8000-0000000000a2", "trucks", "380 671 2345", "050 000 1111"],
        ["00000000-0000-4000-8000-0000000000a3", "cars", "", "044 234 5678"],
      ];
      for (const [id, category, phone1, phone2] of rows) {
        await db.sql.query(
          `INSERT INTO services (id, role, "ownerId", name, "contactMail", latitude, longitude, address, category, "contactPhone1", "contactPhone2", "updatedAt")
           VALUES ($1, 'sto', '00000000-0000-4000-8000-000000000001', 'Old', 'old@test.local', 50, 30, 'Kyiv', $2::"Category", $3, $4, now())`,
          [id, category, phone1, phone2],
        );
      }
      expect(await applyMigrations(db.sql, all)).toEqual(all.slice(at).map((migration) => migration.name));
      const after = await db.sql.query<{ category: string; contactPhone1: string; contactPhone2: string }>(
        `SELECT category::text AS category, "contactPhone1", "contactPhone2" FROM services ORDER BY id`,
      );
      expect(after).toEqual([
        { category: "trucks", contactPhone1: "+380671234567", contactPhone2: "" },
        // Not a Ukrainian number: kept for its owner to correct.
        { category: "trucks", contactPhone1: "380 671 2345", contactPhone2: "+380500001111" },
        { category: "cars", contactPhone1: "", contactPhone2: "+380442345678" },
      ]);
      await expect(db.sql.exec(`SELECT 'trailers'::"Category"`)).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
