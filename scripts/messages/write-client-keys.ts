import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

import { binCommand } from "../node-commands.mjs";
import { computeClientKeys } from "./client-keys";

/** Writes i18n/client-message-keys.json from the code (tests/unit/client-message-keys.test.ts fails while it is stale). */
const root = path.resolve(import.meta.dirname, "../..");
const file = path.join(root, "i18n/client-message-keys.json");
writeFileSync(file, JSON.stringify(computeClientKeys(root), null, 2) + "\n");
execFileSync(...binCommand("prettier", ["--write", "--log-level", "warn", file]), { stdio: "inherit" });
console.log(`Wrote ${path.relative(root, file)}.`);
