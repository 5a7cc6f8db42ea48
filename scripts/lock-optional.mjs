// The npm registry mirror these machines use lacks some platform-specific optional packages
// (macOS/Windows builds of swc, Tailwind's oxide, Next's swc…). `npm install` then leaves them out
// of package-lock.json and `npm ci` refuses the lock as out of sync. This records each missing
// optional package with a platform that never matches, so `npm ci` accepts the lock and skips it.
// Run after `npm install` changes the lock: scripts/node scripts/lock-optional.mjs
import { readFileSync, writeFileSync } from "node:fs";

const path = "package-lock.json";
const lock = JSON.parse(readFileSync(path, "utf8"));
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = { version, optional: true, os: ["none"], cpu: ["none"] };
    if (entry.dev) lock.packages[`node_modules/${name}`].dev = true;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Recorded ${added} optional package(s) the registry mirror does not have.`);
