import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

import { catalogReplaced } from "@/lib/cache/read-cache";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import type { Database } from "@/lib/db/connection";
import { applyMigrations } from "@/lib/db/migrations";
import { alterCurrentDatabaseSql, databaseSettings } from "@/lib/db/settings";
import { loadEnv } from "@/lib/env";
import { resetLifecycleForTests } from "@/lib/lifecycle";
import { mailQueueSettled, prepareMailQueue } from "@/lib/mail/outbox";

/**
 * Gives the current test file a fresh, migrated database behind the app's own singleton: a copy
 * of the run's migrated PGlite by default, or a throwaway database on the PostgreSQL server in
 * TEST_POSTGRES_URL made from the run's migrated template (./integration-template.ts).
 */
let throwaway: { adminUrl: string; name: string } | null = null;
let copiedDir: string | null = null;

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  const id = randomBytes(6).toString("hex");
  if (serverUrl) {
    const name = `maister_test_${id}`;
    const template = inject("postgresTemplate");
    await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
    throwaway = { adminUrl: serverUrl, name };
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Before the app's pool opens: its sessions take the database defaults at connection time.
    await adminQuery(url.toString(), alterCurrentDatabaseSql(databaseSettings()));
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
    const template = inject("pgliteTemplateDir");
    if (template) {
      copiedDir = path.join(path.dirname(template), `file-${id}`);
      cpSync(template, copiedDir, { recursive: true });
    }
    process.env.PGLITE_DATA_DIR = copiedDir ?? "memory://";
  }
  // The app reads its environment once (lib/env.ts); the database's variables changed since.
  loadEnv();
  // Test files share a worker's modules (vitest.config.ts): what the last file's database left
  // in process memory must not answer for this one's.
  catalogReplaced();
  resetLifecycleForTests();
  const db = await getDatabase();
  // Nothing to apply on a copy of the template, but what the app's start would do all the same.
  await applyMigrations(db.sql);
  // As the server's start does: a test may write a mail inside a transaction first (lib/mail/outbox.ts).
  await prepareMailQueue();
  return db;
}

export async function dropTestDatabase(): Promise<void> {
  // A mail delivery a test's last request kicked off may still hold a connection: dropping the
  // database under it would end that connection with an error nothing listens to.
  await mailQueueSettled();
  await closeDatabase();
  if (throwaway) {
    await adminQuery(throwaway.adminUrl, `DROP DATABASE IF EXISTS ${throwaway.name} WITH (FORCE)`);
    throwaway = null;
  }
  if (copiedDir) {
    rmSync(copiedDir, { recursive: true, force: true });
    copiedDir = null;
  }
}

/** One statement on a server, outside any database a test uses (CREATE and DROP DATABASE). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
