import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** The database and its client belong to lib/db and the data layer (lib/server), nowhere else. */
const DATABASE = {
  group: ["@/lib/db/*", "@/lib/generated/*", "@prisma/*", "pg", "@electric-sql/*"],
  message: "Pages, route handlers and components reach the database only through lib/server, where the permission checks are.",
};
/** Shared modules (lib/*) are used by the client too: they may name the data layer's types, never run it. */
const DATA_LAYER = {
  group: ["@/lib/server/*", "**/server/*"],
  allowTypeImports: true,
  message: "lib/* is shared with the browser: import only types from lib/server.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATABASE] }] },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/server/**", "lib/auth/**", "lib/db/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATA_LAYER] }] },
  },
  globalIgnores([".next/**", "node_modules/**", "lib/generated/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"]),
]);
