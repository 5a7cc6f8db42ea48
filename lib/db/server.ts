import "server-only";

/** The data layer's only way to the database; which database it is stays in lib/db. */
export { getPrisma } from "@/lib/db/client";
export type { PrismaClient } from "@/lib/generated/prisma/client";
