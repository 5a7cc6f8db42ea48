import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/** The database and its client: reached only from server code (the server/ folders of domain/ and features/, and lib's server modules). */
const DATABASE = {
  group: ["@/lib/db/*", "@/lib/generated/*", "@prisma/*", "pg", "@electric-sql/*"],
  message:
    "Pages, route handlers and components reach the database only through a feature's server functions, where the permission checks are.",
};
/** A feature's server functions and lib's server-only machinery. */
const SERVER_CODE = [
  "@/domain/*/server/*",
  "@/features/*/server/*",
  "@/lib/db/*",
  "@/lib/cache/*",
  "@/lib/jobs/*",
  "@/lib/mail/*",
  "@/lib/health",
];
/** Shared modules (a feature's rules and schema, lib's pure helpers) run in the browser too: they may name server types, never run server code. */
const SHARED_TO_SERVER = {
  group: SERVER_CODE,
  allowTypeImports: true,
  message: "Shared modules reach the browser: import only types from server code.",
};

/**
 * The environment is read in one place, lib/env.ts: typed, checked at start, its docs written from
 * it. What the browser sees too is read in lib/public-env.ts, in the form Next writes into the code.
 * instrumentation.ts keeps its two NEXT_RUNTIME lines (Next replaces that exact form at compile
 * time), each with an eslint-disable comment saying so. Tests may set and read process.env.
 */
const ENVIRONMENT_READERS = ["lib/env.ts", "lib/public-env.ts", "**/*.test.ts"];
const processEnv = {
  files: [
    "app/**/*.{ts,tsx}",
    "components/**/*.{ts,tsx}",
    "domain/**/*.{ts,tsx}",
    "features/**/*.{ts,tsx}",
    "lib/**/*.{ts,tsx}",
    "i18n/**/*.{ts,tsx}",
    "proxy.ts",
    "instrumentation*.ts",
  ],
  ignores: ENVIRONMENT_READERS,
  rules: {
    "no-restricted-properties": [
      "error",
      {
        object: "process",
        property: "env",
        message: "Read the environment through `env` from @/lib/env (typed, with its defaults, checked at start).",
      },
    ],
  },
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
    const server =
      /^@\/((domain|features)\/[^/]+\/server\/|lib\/(db|cache|jobs|mail)\/|lib\/health$|lib\/generated\/)|^(@prisma\/|pg$|@electric-sql\/|server-only$)/;
    return {
      ImportDeclaration(node) {
        if (node.importKind === "type" || !server.test(node.source.value)) return;
        if (
          node.specifiers.length > 0 &&
          node.specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind === "type")
        )
          return;
        context.report({
          node,
          message: `A client component imports only types from server code (${node.source.value}).`,
        });
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    plugins: { maister: { rules: { "client-boundary": clientBoundary } } },
    rules: { "maister/client-boundary": "error" },
  },
  {
    files: [
      "app/**/*.{ts,tsx}",
      "components/**/*.{ts,tsx}",
      "features/*/components/**/*.{ts,tsx}",
      "domain/*/components/**/*.{ts,tsx}",
      "i18n/**/*.{ts,tsx}",
    ],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATABASE] }] },
  },
  {
    files: ["domain/*/*.{ts,tsx}", "features/*/*.{ts,tsx}", "lib/*.ts"],
    // A feature's OpenAPI paths are read only by the document (openapi.ts, server side) and may name
    // the schemas its server code validates with.
    ignores: ["**/*.test.ts", "lib/health.ts", "features/*/openapi.ts", "features/*/*-openapi.ts", "lib/*-openapi.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DATABASE, SHARED_TO_SERVER] }] },
  },
  processEnv,
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    ".data/**",
    "next-env.d.ts",
  ]),
]);
