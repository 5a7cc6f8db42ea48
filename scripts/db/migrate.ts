// npm run db:migrate: applies pending migrations from prisma/migrations.
import { applyMigrations } from "@/lib/db/migrations";

import { describeTarget, runDbCommand, settleDatabaseSettings } from "./run";

await runDbCommand(async (db) => {
  const applied = await applyMigrations(db.sql);
  await settleDatabaseSettings(db);
  console.log(
    applied.length
      ? `Applied ${applied.join(", ")} to the ${describeTarget(db)}.`
      : `The ${describeTarget(db)} is up to date.`,
  );
});
