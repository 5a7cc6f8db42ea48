// npm run db:reset: drops everything, migrates and seeds. Works on a damaged embedded database too,
// because for PGlite it removes the directory before opening it.
import { rmSync } from "node:fs";

import { DatabaseConfigError, resolveDatabaseTarget } from "@/lib/db/config";
import { applyMigrations } from "@/lib/db/migrations";
import { seedDemoData } from "@/prisma/seed";

import { describeTarget, runDbCommand, settleDatabaseSettings } from "./run";

try {
  const target = resolveDatabaseTarget();
  if (target.kind === "pglite" && !target.dataDir.startsWith("memory://")) {
    rmSync(target.dataDir, { recursive: true, force: true });
  }
} catch (error) {
  if (!(error instanceof DatabaseConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

await runDbCommand(async (db) => {
  if (db.target.kind === "postgres") {
    await db.sql.exec("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
  }
  await applyMigrations(db.sql);
  await settleDatabaseSettings(db);
  console.log(`Reset the ${describeTarget(db)}; demo data: ${await seedDemoData(db.prisma)}.`);
});
