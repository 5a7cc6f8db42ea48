// Child processes on the Node.js that runs this script (process.execPath), never one found by name
// on PATH: under npm that is the project's pinned Node 24 (scripts/node), and a `node`, `npx` or
// `npm` looked up on PATH may be the machine's older one (docs/decisions/0022-node-runtime.md).
// Each helper returns [command, args] for spawn()/spawnSync()/runOrThrow(). Types in node-commands.d.mts.
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The file a package's command runs: node_modules/.bin/<name>, a link Node follows to the package's JavaScript. */
export function packageBin(name) {
  return path.join(ROOT, "node_modules", ".bin", name);
}

/** A package's command (`vitest`, `prisma`, `playwright`…) on this Node. */
export function binCommand(name, args = []) {
  return [process.execPath, [packageBin(name), ...args]];
}

/**
 * A TypeScript (or plain) script through tsx's loader, in one process (no tsx CLI in between, so a
 * signal reaches the script itself). `nodeOptions` go before the loader, e.g. ["--conditions=react-server"].
 */
export function tsxCommand(file, args = [], nodeOptions = []) {
  return [process.execPath, [...nodeOptions, "--import", "tsx", file, ...args]];
}

/**
 * `npm run <script> -- <args>` with the npm that started this run (npm_execpath, its CLI file), on
 * this Node. Started otherwise, it is the npm on PATH: npm only dispatches, and every script in
 * package.json starts its own Node through scripts/node.
 */
export function npmRunCommand(script, args = [], npmOptions = []) {
  const npmArgs = ["run", ...npmOptions, script, ...(args.length ? ["--", ...args] : [])];
  const npmCli = process.env.npm_execpath;
  return npmCli && /\.[cm]?js$/.test(npmCli) ? [process.execPath, [npmCli, ...npmArgs]] : ["npm", npmArgs];
}
