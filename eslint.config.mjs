import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** The database and its client: reached only from server code (features' server/ folders and lib's server modules). */
const DATABASE = {
  group: ["@/lib/db/*", "@/lib/generated/*", "@prisma/*", "pg", "@electric-sql/*"],
  message: "Pages, route handlers and components reach the database only through a feature's server functions, where the permission checks are.",
};
/** A feature's server functions and lib's server-only machinery. */
const SERVER_CODE = ["@/features/*/server/*", "@/lib/db/*", "@/lib/cache/*", "@/lib/jobs/*", "@/lib/mail/*", "@/lib/health"];
/** Shared modules (a feature's rules and schema, lib's pure helpers) run in the browser too: they may name server types, never run server code. */
const SHARED_TO_SERVER = {
  group: SERVER_CODE,
  allowTypeImports: true,
  message: "Shared modules reach the browser: import only types from server code.",
};

/**
 * Client components ("use client") are bundled for the browser: from server code they may take types
 * only. Which files are client files is decided by their directive, so this cannot be a path pattern.
 */
const clientBoundary = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const body = context.sourceCode.ast.body;
    const isClient = body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");
    if (!isClient) return {};
    const server = /^@\/(features\/[^/]+\/server\/|lib\/(db|cache|jobs|mail)\/|lib\/health$|lib\/generated\/)|^(@prisma\/|pg$|@electric-sql\/|server-only$)/;
    return {
      ImportDeclaration(node) {
        if (node.importKind === "type" || !server.test(node.source.value)) return;
        if (node.specifiers.length > 0 && node.specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind === "type")) return;
        context.report({ node, message: `A client component imports only types from server code (${node.source.value}).` });
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  { plugins: { maister: { rules: { "client-boundary": clientBoundary } } }, rules: { "maister/client-boundary": "error" } },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "features/*/components/**/*.{ts,tsx}", "i18n/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATABASE] }] },
  },
  {
    files: ["features/*/*.{ts,tsx}", "lib/*.ts"],
    ignores: ["**/*.test.ts", "lib/health.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATABASE, SHARED_TO_SERVER] }] },
  },
  globalIgnores([".next/**", "node_modules/**", "lib/generated/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"]),
]);
