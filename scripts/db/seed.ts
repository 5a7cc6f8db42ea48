// npm run db:seed: demo data, idempotent (a second run changes nothing).
import { seedDemoData } from "@/prisma/seed";

import { migrateDatabase, runDbCommand } from "./run";

await runDbCommand(async (db) => {
  await migrateDatabase(db);
  console.log(`Demo data: ${await seedDemoData(db.prisma)}.`);
});
