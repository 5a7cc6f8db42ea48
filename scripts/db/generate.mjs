// Runs `prisma generate` without Prisma's engine download server: generate only checks that a
// schema-engine file exists, so point it at node itself unless the caller chose a real engine.
import "../node-guard.mjs";

import { spawnSync } from "node:child_process";

import { binCommand } from "../node-commands.mjs";

const env = {
  ...process.env,
  CHECKPOINT_DISABLE: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: "1",
};
const result = spawnSync(...binCommand("prisma", ["generate"]), { stdio: "inherit", env });
process.exit(result.status ?? 1);
