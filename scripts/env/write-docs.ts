import { writeFileSync } from "node:fs";
import path from "node:path";

import { DOCS_FILE, envExample, environmentMarkdown, EXAMPLE_FILE, ROOT } from "./docs";

/** Writes .env.example and docs/environment.md from lib/env.ts (tests/unit/environment-docs.test.ts fails while they are stale). */
writeFileSync(path.join(ROOT, EXAMPLE_FILE), envExample());
writeFileSync(path.join(ROOT, DOCS_FILE), await environmentMarkdown());
console.log(`Wrote ${EXAMPLE_FILE} and ${DOCS_FILE}.`);
