import { defineConfig } from "prisma/config";

// Prisma's CLI is used only to generate the client here; migrations are computed and applied
// by scripts/db (see docs/operations.md, Migrations), so no datasource URL is needed at generate time.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
