// npm run db:reset: drops everything, migrates and seeds. Works on a damaged embedded database too,
// because for PGlite it removes the directory before opening it.
import { rmSync } from "node:fs";

import { DatabaseConfigError, resolveDatabaseTarget } from "@/lib/db/config";
import { seedDemoData } from "@/prisma/seed";

import { describeTarget, migrateDatabase, runDbCommand, settleDatabaseSettings } from "./run";

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
    await db.sql.exec(
      "DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;",
    );
  }
  await migrateDatabase(db);
  await settleDatabaseSettings(db);
  console.log(`Reset the ${describeTarget(db)}; demo data: ${await seedDemoData(db.prisma)}.`);
});
