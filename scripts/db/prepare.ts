// Before `dev` and `start`: apply pending migrations (Prisma's, then the job queue's schema), then seed demo data into an empty database
// when seeding is enabled (--seed or SEED_DEMO_DATA=true; SEED_DEMO_DATA=false always wins).
import { env } from "@/lib/env";
import { isDatabaseEmpty, seedDemoData } from "@/prisma/seed";

import { describeTarget, migrateDatabase, runDbCommand, settleDatabaseSettings } from "./run";

const seedEnabled = env.SEED_DEMO_DATA ?? process.argv.includes("--seed");

await runDbCommand(async (db) => {
  const applied = await migrateDatabase(db);
  await settleDatabaseSettings(db);
  if (applied.length) console.log(`Applied ${applied.join(", ")} to the ${describeTarget(db)}.`);
  if (seedEnabled && (await isDatabaseEmpty(db.prisma))) {
    const summary = await seedDemoData(db.prisma);
    console.log(`Seeded demo data: ${summary}.`);
  }
});
