// npm run db:check: fails when prisma/schema.prisma and prisma/migrations disagree.
import { diffMigrationsToSchema } from "@/lib/db/schema-engine";

const diff = await diffMigrationsToSchema();
if (diff) {
  console.error("prisma/schema.prisma and prisma/migrations disagree. Run `npm run db:migration -- <name>`.\n");
  console.error(diff);
  process.exit(1);
}
console.log("Schema and migrations agree.");
