// `npm start`: first scripts/db/prepare.ts (pending migrations and the database settings), a child
// on this Node, started before the .env files are loaded here as when it was a command of its own;
// then the standalone artifact, in this process, as `next start` ran it before: the repository's
// .env files are read the way Next reads them (@next/env, production mode; the artifact itself
// holds only .env and .env.production as they were at build time), PORT (3000) and HOSTNAME (all
// interfaces) are server.js's own, and a relative PGLITE_DATA_DIR names the database under this
// directory (standaloneEnv()). One script, so that the e2e server starts it on its own Node too.
import "./node-guard.mjs";

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import nextEnv from "@next/env";

import { STANDALONE_SERVER, standaloneEnv } from "./app-server.mjs";
import { tsxCommand } from "./node-commands.mjs";

if (!existsSync(STANDALONE_SERVER)) {
  console.error(`${STANDALONE_SERVER} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const [node, prepare] = tsxCommand("scripts/db/prepare.ts");
const prepared = spawnSync(node, prepare, { stdio: "inherit" });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
nextEnv.loadEnvConfig(process.cwd(), false);
// A HOSTNAME that is this machine's name came from the shell or the container, not from the person
// starting the server: server.js would listen on that one address (see LISTEN_ON).
if (process.env.HOSTNAME === os.hostname()) delete process.env.HOSTNAME;
Object.assign(process.env, standaloneEnv(process.env));
await import(pathToFileURL(STANDALONE_SERVER).href);
