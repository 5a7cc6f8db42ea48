import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { readMigrations } from "./migrations";

/**
 * Prisma's WebAssembly schema engine on an in-memory PGlite: computes migrations and drift
 * offline, where the native engine of Prisma's CLI cannot be downloaded.
 */
type Engine = {
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

export const SCHEMA_PATH = path.join(process.cwd(), "prisma", "schema.prisma");
const FILTERS = { externalTables: [], externalEnums: [] };

/**
 * Objects the migrations create by hand because schema.prisma cannot describe them. They are
 * dropped from the replayed history before diffing, so the engine neither reports them as drift
 * nor writes a migration that removes them.
 */
export const HAND_WRITTEN_INDEXES = ["services_location_knn_idx"];

// The engine's own shadow-database path is not wired for driver adapters, so the migration
// history is replayed by our runner into an in-memory PGlite, which the engine then reads as the
// live database ("schemaDatasource") and diffs against schema.prisma.
async function loadEngine(schema: string): Promise<Engine> {
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const pkgDir = path.dirname(gluePath);
  // Node cannot import a .wasm module directly: instantiate it with the JS glue's exports.
  const glue = (await import(gluePath)) as Record<string, unknown> & {
    __wbg_set_wasm(exports: WebAssembly.Exports): void;
    SchemaEngine: { new: (options: unknown, log: (msg: string) => void, adapter: unknown) => Promise<Engine> };
  };
  const bytes = readFileSync(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": glue as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  const pglite = new PGlite({ extensions: { cube, earthdistance, pg_trgm } });
  for (const migration of readMigrations()) await pglite.exec(migration.sql);
  for (const index of HAND_WRITTEN_INDEXES) await pglite.exec(`DROP INDEX IF EXISTS "${index}"`);
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
  return glue.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => undefined, adapter);
}

async function diffHistoryToSchema(script: boolean): Promise<string> {
  const schema = readFileSync(SCHEMA_PATH, "utf8");
  const engine = await loadEngine(schema);
  const files = [{ path: SCHEMA_PATH, content: schema }];
  try {
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: process.cwd() },
      to: { tag: "schemaDatamodel", files },
      script,
      exitCode: true,
      filters: FILTERS,
    });
    return result.exitCode === 2 ? (result.stdout ?? "").trim() : "";
  } finally {
    engine.free();
  }
}

/** SQL of the next migration (null when the schema and migrations already agree). */
export async function computeNextMigration(name: string): Promise<{ folder: string; sql: string } | null> {
  const sql = await diffHistoryToSchema(true);
  if (!sql) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  return { folder: `${stamp}_${name}`, sql: sql.endsWith("\n") ? sql : `${sql}\n` };
}

/** Human-readable summary of what the migrations lack compared to the schema ("" when none). */
export function diffMigrationsToSchema(): Promise<string> {
  return diffHistoryToSchema(false);
}
