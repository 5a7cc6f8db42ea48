// npm run db:seed: demo data, idempotent (a second run changes nothing).
import { applyMigrations } from "@/lib/db/migrations";
import { seedDemoData } from "@/prisma/seed";

import { runDbCommand } from "./run";

await runDbCommand(async (db) => {
  await applyMigrations(db.sql);
  console.log(`Demo data: ${await seedDemoData(db.prisma)}.`);
});
