// After `next build` (npm run build): completes .next/standalone into the artifact that is deployed
// and tested. Next traces what the server's code imports or reads into it (node_modules it needs,
// PGlite's WebAssembly, data and contrib archives, sharp's native binary, the common-password list)
// but, by design, not the files a CDN could serve (public/, .next/static) nor what no import reaches:
// the migration folders, which /api/readyz compares with the database. They are copied here, then
// every file the server reads from disk at run time is checked, so a build whose artifact lacks one
// fails here rather than at a user's first sign-up or upload.
import "./node-guard.mjs";

import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const standalone = path.join(root, ".next", "standalone");
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error(`${standalone}/server.js is missing: is output: "standalone" still set in next.config.ts?`);
  process.exit(1);
}

/** Copied as they are: [source, destination], relative to the repository and to .next/standalone. */
const COPIES = [
  ["public", "public"],
  [".next/static", ".next/static"],
  ["prisma/migrations", "prisma/migrations"],
];
for (const [from, to] of COPIES) {
  const target = path.join(standalone, to);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(root, from), target, { recursive: true });
}

/** What the server opens from disk at run time (relative to .next/standalone, its working directory). */
const REQUIRED = [
  "server.js",
  "public/sw.js",
  "prisma/migrations/migration_lock.toml",
  "features/accounts/server/common-passwords.txt",
  "node_modules/@electric-sql/pglite/dist/pglite.wasm",
  "node_modules/@electric-sql/pglite/dist/pglite.data",
  "node_modules/@electric-sql/pglite/dist/initdb.wasm",
  // The extensions the migrations create on the embedded database (lib/db/pglite.ts).
  "node_modules/@electric-sql/pglite/dist/cube.tar.gz",
  "node_modules/@electric-sql/pglite/dist/earthdistance.tar.gz",
  "node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz",
  "node_modules/sharp/package.json",
];
const missing = REQUIRED.filter((file) => !existsSync(path.join(standalone, file)));
if (missing.length) {
  console.error(`The standalone output lacks files the server reads at run time:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
// Started by hand, it needs Node 24 too (its start refuses an older one): scripts/node brings it.
console.log(`Standalone server ready: scripts/node ${path.relative(root, standalone)}/server.js`);
