// The one rule for which Node.js runs the project: 24 or newer (package.json engines, .nvmrc,
// deploy/Dockerfile and the launcher scripts/node say the same; a unit test keeps them equal).
// Plain JavaScript with no imports, so that an older Node can load it and say what is wrong, and so
// that the entry scripts (imported first: ./node-guard.mjs) and the server's start
// (instrumentation-node.ts) share it. Types in node-runtime.d.mts. Why the pinned Node and a
// launcher rather than PATH: docs/decisions/0022-node-runtime.md.

/** The oldest Node.js major the project runs on. */
export const REQUIRED_NODE_MAJOR = 24;

/** The major of a Node.js version ("24.1.0", "v20.20.2"); NaN when it is not one. */
export function nodeMajor(version) {
  const match = /^v?(\d+)\.\d+\.\d+/.exec(String(version));
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * What is wrong with running on `version` (process.versions.node by default), in a sentence that
 * names the version found, the binary and the fix; null when it is fine.
 */
export function nodeRuntimeProblem(version = process.versions.node, execPath = process.execPath) {
  if (nodeMajor(version) >= REQUIRED_NODE_MAJOR) return null;
  return [
    `Maister needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${version} (${execPath}).`,
    `Run it through npm (npm run …, npm start, npm test) or scripts/node, which use the Node ${REQUIRED_NODE_MAJOR} that`,
    "`npm install` brings on Linux; elsewhere `nvm install && nvm use` (reads .nvmrc) or Node.js from https://nodejs.org.",
  ].join("\n");
}
