import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // The marker package throws outside React Server Components; tests import data-layer modules directly.
  "server-only": path.resolve(import.meta.dirname, "tests/helpers/empty-module.ts"),
};
// next-intl's navigation helpers import "next/navigation" without the ".js" Node's own loader needs;
// bundled by Vite like the app's code, they load as they do in Next.
const server = { deps: { inline: ["next-intl"] } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{app,domain,features,lib,components,i18n,scripts}/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          server,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          server,
          globalSetup: ["tests/helpers/integration-template.ts"],
          setupFiles: ["tests/helpers/integration-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 2,
          // A worker's test files share its modules instead of loading the app again for each
          // file: the suite on PGlite took 190 s instead of 329 s (CPU 264 s instead of 581 s).
          // Each file still gets a database of its own, and tests/helpers/test-db.ts clears what
          // process memory kept from the last one.
          isolate: false,
        },
      },
    ],
  },
});
