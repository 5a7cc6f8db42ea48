import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

import { resolveDatabaseTarget } from "@/lib/db/config";
import { openDatabase } from "@/lib/db/connection";
import { applyMigrations } from "@/lib/db/migrations";
import { installQueueSchema } from "@/lib/jobs/queue";

import { adminQuery } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each test file copies, or "" on PostgreSQL. */
    pgliteTemplateDir: string;
    /** A migrated database on TEST_POSTGRES_URL's server each test file is created from, or "". */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup for the integration project: migrates one database for the whole run, and
 * each test file starts from a copy of it (tests/helpers/test-db.ts). Opening an in-memory PGlite
 * runs initdb in WebAssembly, about 4 s, and the migrations take as long again; a copied data
 * directory opens in under half a second. On PostgreSQL, CREATE DATABASE … TEMPLATE copies the
 * migrated one instead of replaying every migration. The migrations themselves are still tested
 * from an empty database by tests/integration/db/.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (serverUrl) {
    const name = `maister_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase(resolveDatabaseTarget({ DATABASE_URL: url.toString() }));
    try {
      await applyMigrations(db.sql);
      await installQueueSchema(db);
    } finally {
      // A template may have no connection while it is copied.
      await db.close();
    }
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplateDir", "");
    return async () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  // tmpfs when the machine has one: PGlite writes its files through Node's fs.
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const root = mkdtempSync(path.join(base, "maister-it-"));
  const dir = path.join(root, "template");
  const db = await openDatabase(resolveDatabaseTarget({ PGLITE_DATA_DIR: dir }));
  try {
    await applyMigrations(db.sql);
    await installQueueSchema(db);
  } finally {
    await db.close();
  }
  project.provide("pgliteTemplateDir", dir);
  project.provide("postgresTemplate", "");
  return async () => rmSync(root, { recursive: true, force: true });
}
