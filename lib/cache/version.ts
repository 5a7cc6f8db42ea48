import "server-only";

import { getPrisma } from "@/lib/db/server";

/**
 * The catalogue's version, shared by every instance through the database: a sequence bumped after
 * each catalogue write. Every instance reads it before answering from its read cache, so a write
 * acknowledged by one instance is never answered stale by another (lib/cache/read-cache.ts).
 * A sequence rather than a row: bumping takes no lock, so concurrent writers never queue on it.
 * Chosen over LISTEN/NOTIFY, which needs a session connection of its own (PgBouncer in transaction
 * mode cannot hold one) and delivers asynchronously, leaving a window in which another instance
 * still answers from before an acknowledged write.
 */
export async function readCatalogVersion(): Promise<bigint> {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ version: string }[]>`SELECT last_value::text AS version FROM catalog_version`;
  return BigInt(row!.version);
}

export async function bumpCatalogVersion(): Promise<bigint> {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ version: string }[]>`SELECT nextval('catalog_version')::text AS version`;
  return BigInt(row!.version);
}
