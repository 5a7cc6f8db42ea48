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
 * The features' floors, bottom first. A feature imports only features on lower floors (type-only
 * imports included); the features on one floor never import each other. The app (app/, the shell in
 * app/_shell/, proxy.ts, jobs.ts, openapi.ts) composes them and may import any. A new feature
 * goes on the lowest floor above everything it imports (docs/architecture.md, "Floors").
 * Below every feature: lib/ (the platform, no product words), domain/ (the service kernel),
 * components/ui/ and components/map/ (generic UI), which import no feature.
 */
export const FEATURE_FLOORS = [
  ["notifications"],
  ["accounts", "cart", "offline"],
  ["feedback", "hours", "prices", "stats", "uploads"],
  ["listings", "reviews"],
  ["osm"],
  ["catalog", "claims"],
  ["map", "payments", "requests", "saved"],
  ["directory", "my-account"],
  ["admin"],
];

/** What composes features: nothing below it imports it. */
const APP = ["./app"];

/** import/no-restricted-paths zones: each feature against its floor and the ones above, and the platform against every feature. */
const floorZones = [
  ...FEATURE_FLOORS.flatMap((floor, level) =>
    floor.map((feature) => ({
      target: `./features/${feature}`,
      from: [
        ...FEATURE_FLOORS.slice(level)
          .flat()
          .filter((other) => other !== feature)
          .map((other) => `./features/${other}`),
        ...APP,
      ],
      message: `${feature} is on floor ${level + 1} of FEATURE_FLOORS (eslint.config.mjs): it imports only features on lower floors.`,
    })),
  ),
  {
    target: ["./lib", "./domain", "./components/ui", "./components/map", "./i18n"],
    from: ["./features", ...APP],
    message: "The platform, the kernel and the generic UI import no feature: move the piece down, or the caller up.",
  },
  {
    target: ["./lib", "./components/ui"],
    from: ["./domain", "./components/map"],
    message: "lib/ and components/ui/ carry no product words: they import neither the service kernel nor the map kit.",
  },
  {
    target: "./domain",
    from: ["./components/map"],
    message: "The service kernel sits below the map kit.",
  },
];

const layers = {
  files: ["**/*.{ts,tsx,mjs}"],
  // Tests cross floors on purpose: they check a piece against the others.
  ignores: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
  // File cycles are refused by tests/unit/import-cycles.test.ts, which reads the import graph the
  // message bundles use in a tenth of a second: import/no-cycle took 91 s, nine tenths of the lint.
  rules: { "import/no-restricted-paths": ["error", { zones: floorZones }] },
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
  layers,
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
