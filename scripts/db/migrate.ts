// npm run db:migrate: applies pending migrations from prisma/migrations, then installs or migrates
// the job queue's schema (pgboss).
import { describeTarget, migrateDatabase, runDbCommand, settleDatabaseSettings } from "./run";

await runDbCommand(async (db) => {
  const applied = await migrateDatabase(db);
  await settleDatabaseSettings(db);
  console.log(
    applied.length
      ? `Applied ${applied.join(", ")} to the ${describeTarget(db)}.`
      : `The ${describeTarget(db)} is up to date.`,
  );
});
