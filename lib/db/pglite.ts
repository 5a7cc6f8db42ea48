import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Opens an embedded database with the extensions the migrations create. */
export async function openPGlite(dataDir: string): Promise<PGlite> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir, { extensions: { cube, earthdistance, pg_trgm } });
  await db.waitReady;
  return db;
}
