import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

import { env, ENV_NAMES, EnvError, envSchema, loadEnv, parseEnv, VARIABLES } from "@/lib/env";
import { clientFiles } from "@/scripts/messages/import-graph";
import { captureLogs } from "@/tests/helpers/logs";

const SECRET = "x".repeat(32);
const PRODUCTION = { NODE_ENV: "production", APP_SECRET: SECRET, APP_URL: "https://maister.example" };
const problems = (source: Record<string, string | undefined>) => parseEnv(source).problems;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  loadEnv();
});

describe("production configuration", () => {
  it("accepts a 32-byte secret and an origin", () => {
    expect(problems(PRODUCTION)).toEqual([]);
    expect(problems({ ...PRODUCTION, APP_URL: "http://localhost:3100/" })).toEqual([]);
    expect(parseEnv({ ...PRODUCTION, APP_URL: "http://localhost:3100/" }).values.APP_URL).toBe("http://localhost:3100");
  });

  it("names each missing or unusable variable on a line of its own", () => {
    const none = problems({ NODE_ENV: "production" });
    expect(none).toHaveLength(2);
    expect(none[0]).toMatch(/^APP_SECRET must be set to at least 32 bytes/);
    expect(none[1]).toMatch(/^APP_URL must be set to the site's public origin/);
    expect(problems({ ...PRODUCTION, APP_SECRET: "short" })).toEqual([
      expect.stringMatching(/^APP_SECRET must be at least 32 bytes/),
    ]);
    for (const APP_URL of [
      "maister.example",
      "ftp://maister.example",
      "https://maister.example/ua",
      "https://maister.example/?x=1",
      "",
    ]) {
      expect(problems({ ...PRODUCTION, APP_URL }), APP_URL).toEqual([expect.stringMatching(/^APP_URL/)]);
    }
  });

  it("lists every problem at once, in the variables' order, and never repeats a secret", () => {
    const lines = problems({
      NODE_ENV: "production",
      APP_SECRET: "tiny-secret",
      TRUSTED_PROXY_HOPS: "abc",
      READ_CACHE: "maybe",
      DATABASE_URL: "mysql://u:hunter2@db/x",
    });
    expect(lines).toEqual([
      expect.stringMatching(/^APP_SECRET must be at least 32 bytes/),
      expect.stringMatching(/^APP_URL must be set/),
      'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10 (got "abc")',
      "DATABASE_URL must be a PostgreSQL URL, postgresql://user:password@host:5432/database",
      'READ_CACHE must be on or off (got "maybe")',
    ]);
    expect(lines.join("\n")).not.toMatch(/tiny-secret|hunter2/);
  });

  it("is not required while `next build` runs: the build renders with the defaults", () => {
    const building = parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" });
    expect(building.problems).toEqual([]);
    expect(building.values.APP_URL).toBe("http://localhost:3000");
    // A value that is set and wrong is still wrong.
    expect(problems({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build", READ_CACHE: "no" })).toEqual([
      expect.stringMatching(/^READ_CACHE/),
    ]);
  });
});

describe("defaults per NODE_ENV", () => {
  const DEFAULTS = {
    NODE_ENV: "development",
    APP_URL: "http://localhost:3000",
    APP_SECRET: "maister-development-only",
    TRUSTED_PROXY_HOPS: 0,
    PGLITE_DATA_DIR: ".data/pglite",
    DATABASE_POOL_SIZE: 10,
    DATABASE_STATEMENT_TIMEOUT: "30s",
    READ_CACHE: "on",
    PAGE_CACHE: "on",
    JOBS: "on",
    SHUTDOWN_TIMEOUT_MS: 8000,
    MAIL_FROM: "Maister <no-reply@maister.local>",
    MAIL_DEV_OUTBOX: false,
    FEEDBACK_TO: "feedback@maister.local",
    PAYPAL_API_BASE: "https://api-m.sandbox.paypal.com",
    MONO_API_BASE: "https://api.monobank.ua",
    MONO_FEE_UAH: "125.00",
    TELEGRAM_API_BASE: "https://api.telegram.org",
    VAPID_SUBJECT: "mailto:admin@maister.example",
    PAYMENTS_TEST_MODE: false,
    PUSH_TEST_ENDPOINTS: false,
    NEXT_PUBLIC_MAP_TILES_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    NOMINATIM_URL: "https://nominatim.openstreetmap.org",
    NOMINATIM_TIMEOUT_MS: 4000,
    NOMINATIM_MIN_INTERVAL_MS: 1000,
    OSM_OVERPASS_URL: "https://overpass-api.de/api/interpreter",
    OSM_OVERPASS_TIMEOUT_MS: 180000,
    OSM_OVERPASS_MAX_BYTES: 100000000,
    OSM_GEOCODE_PER_RUN: 50,
    OTEL_METRIC_EXPORT_INTERVAL: 60000,
    BENCH_FRAMEWORK_FLOOR: false,
    DEV_JOB_TRIGGER: false,
  };
  const UNSET = ENV_NAMES.filter((name) => !(name in DEFAULTS));

  it("development and test start with nothing set, with today's defaults; the rest stays unset", () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      const parsed = parseEnv({ NODE_ENV });
      expect(parsed.problems, NODE_ENV).toEqual([]);
      expect(parsed.mode).toBe(NODE_ENV ?? "development");
      expect(parsed.values, NODE_ENV).toEqual({ ...DEFAULTS, NODE_ENV: NODE_ENV ?? "development" });
    }
    expect(UNSET).toEqual([
      "NEXTAUTH_URL",
      "PORT",
      "LOG_LEVEL",
      "DATABASE_URL",
      "DIRECT_DATABASE_URL",
      "SEED_DEMO_DATA",
      "PAGE_CACHE_ORIGIN",
      "RESEND_API_KEY",
      "RESEND_BASE_URL",
      "PAYPAL_CLIENT_ID",
      "PAYPAL_CLIENT_SECRET",
      "PAYPAL_WEBHOOK_ID",
      "MONO_TOKEN",
      "TELEGRAM_BOT_TOKEN",
      "TELEGRAM_BOT_USERNAME",
      "TELEGRAM_WEBHOOK_SECRET",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
      // Unset: on in production, off in development and test (features/osm/server/scheduled.ts).
      "OSM_IMPORT_JOB",
      // Telemetry and error reports are off until configured (lib/telemetry/setup.ts).
      "OTEL_EXPORTER_OTLP_ENDPOINT",
      "OTEL_SERVICE_NAME",
      "SENTRY_DSN",
      "SENTRY_ENVIRONMENT",
    ]);
  });

  it("production keeps every default but the two it requires", () => {
    expect(parseEnv(PRODUCTION).values).toEqual({ ...DEFAULTS, ...PRODUCTION });
    const required = ENV_NAMES.filter((name) => "production" in VARIABLES[name]);
    expect(required).toEqual(["APP_SECRET", "APP_URL"]);
  });

  it("an empty value counts as unset", () => {
    expect(parseEnv({ TRUSTED_PROXY_HOPS: "", READ_CACHE: " ", DATABASE_URL: "  " }).values).toMatchObject({
      TRUSTED_PROXY_HOPS: 0,
      READ_CACHE: "on",
      DATABASE_URL: undefined,
    });
  });

  it("is one zod schema per mode", () => {
    expect(envSchema("test").parse({}).APP_URL).toBe("http://localhost:3000");
    expect(envSchema("production").safeParse({}).success).toBe(false);
    expect(envSchema("production").parse({ APP_SECRET: SECRET, APP_URL: "https://maister.example/" }).APP_URL).toBe(
      "https://maister.example",
    );
  });
});

describe("APP_SECRET and its old name NEXTAUTH_SECRET", () => {
  it("reads NEXTAUTH_SECRET when APP_SECRET is unset, and says to rename it", () => {
    const parsed = parseEnv({ NODE_ENV: "production", APP_URL: "https://maister.example", NEXTAUTH_SECRET: SECRET });
    expect(parsed.problems).toEqual([]);
    expect(parsed.values.APP_SECRET).toBe(SECRET);
    expect(parsed.warnings).toEqual([expect.stringMatching(/^NEXTAUTH_SECRET is read as APP_SECRET.*rename it/)]);
  });

  it("uses APP_SECRET when both are set, and says NEXTAUTH_SECRET is ignored", () => {
    const parsed = parseEnv({ APP_SECRET: SECRET, NEXTAUTH_SECRET: "y".repeat(32) });
    expect(parsed.values.APP_SECRET).toBe(SECRET);
    expect(parsed.warnings).toEqual([expect.stringMatching(/APP_SECRET is used, NEXTAUTH_SECRET is ignored/)]);
    expect(parseEnv({ APP_SECRET: SECRET }).warnings).toEqual([]);
  });

  it("a short old secret in production is refused under the new name, saying where it came from", () => {
    expect(problems({ NODE_ENV: "production", APP_URL: "https://maister.example", NEXTAUTH_SECRET: "short" })).toEqual([
      expect.stringMatching(/^APP_SECRET must be at least 32 bytes.*\(read from NEXTAUTH_SECRET, its old name\)$/),
    ]);
  });

  it("warns once per process, however often the environment is read", () => {
    const logs = captureLogs();
    vi.stubEnv("APP_SECRET", "");
    vi.stubEnv("NEXTAUTH_SECRET", "an old secret that is only read once-0123456789");
    try {
      loadEnv();
      loadEnv();
    } finally {
      logs.restore();
    }
    expect(env.APP_SECRET).toBe("an old secret that is only read once-0123456789");
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: "warn",
        area: "config",
        msg: expect.stringMatching(/^NEXTAUTH_SECRET is read as APP_SECRET/),
      }),
    ]);
  });
});

describe("values that are set but unusable are refused with a clear message", () => {
  it.each([
    ["TRUSTED_PROXY_HOPS", ["-1", "1.5", "abc", "11", "1e3", "Infinity"], "must be a whole number from 0 to 10"],
    ["DATABASE_POOL_SIZE", ["0", "ten"], "must be a whole number from 1 to 1000"],
    ["NOMINATIM_TIMEOUT_MS", ["4s", "-5"], "must be a whole number from 1 to 60000"],
    ["READ_CACHE", ["false", "OFF"], "must be on or off"],
    ["JOBS", ["no"], "must be on or off"],
    ["MAIL_DEV_OUTBOX", ["yes"], "must be true or false"],
    ["NODE_ENV", ["staging"], "must be development, test or production"],
    ["APP_URL", ["localhost:3000", "https://maister.example/ua"], "must be the site's public origin"],
    ["NOMINATIM_URL", ["nominatim.example"], "must be an http(s) URL"],
    [
      "NEXT_PUBLIC_MAP_TILES_URL",
      ["not a url {z}", "https://tiles.example/map.png"],
      "must be an http(s) URL template with {z}, {x} and {y}",
    ],
    [
      "DATABASE_STATEMENT_TIMEOUT",
      ["30s'; DROP TABLE users; --", "30 s"],
      "must be a duration like 30s, 15000ms or 0 (off)",
    ],
    ["FEEDBACK_TO", ["feedback"], "must be an e-mail address"],
    ["MAIL_FROM", ["Maister"], "must be an address"],
    [
      "MONO_FEE_UAH",
      ["0", "0.00", "-125", "125.005", "125,50", "1e3", "abc", "12345678"],
      "must be a positive amount with at most two decimals",
    ],
  ] as const)("%s", (name, values, message) => {
    for (const value of values) {
      const lines = problems({ [name]: value });
      expect(lines, value).toHaveLength(1);
      expect(lines[0]!.startsWith(`${name} ${message}`), lines[0]).toBe(true);
      expect(lines[0]!.endsWith(` (got "${value}")`), lines[0]).toBe(true);
    }
  });

  it("takes what is usable: flags, numbers, URLs without their trailing slash", () => {
    expect(
      parseEnv({
        MAIL_DEV_OUTBOX: "TRUE",
        BENCH_FRAMEWORK_FLOOR: "1",
        PAYMENTS_TEST_MODE: "0",
        TRUSTED_PROXY_HOPS: "3",
      }).values,
    ).toMatchObject({
      MAIL_DEV_OUTBOX: true,
      BENCH_FRAMEWORK_FLOOR: true,
      PAYMENTS_TEST_MODE: false,
      TRUSTED_PROXY_HOPS: 3,
    });
    expect(
      parseEnv({ PAYPAL_API_BASE: "http://127.0.0.1:3199/", NOMINATIM_URL: "http://127.0.0.1:9/" }).values,
    ).toMatchObject({
      PAYPAL_API_BASE: "http://127.0.0.1:3199",
      NOMINATIM_URL: "http://127.0.0.1:9",
    });
    expect(parseEnv({ MONO_FEE_UAH: "99.5" }).values.MONO_FEE_UAH).toBe("99.50");
    expect(parseEnv({ MONO_FEE_UAH: "0.01" }).values.MONO_FEE_UAH).toBe("0.01");
    expect(parseEnv({ DATABASE_URL: " postgres://u@localhost/app " }).values.DATABASE_URL).toBe(
      "postgres://u@localhost/app",
    );
  });
});

describe("env", () => {
  it("is read from process.env on first use and again by loadEnv(), not on every read", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "2");
    loadEnv();
    expect(env.TRUSTED_PROXY_HOPS).toBe(2);
    vi.stubEnv("TRUSTED_PROXY_HOPS", "4");
    expect(env.TRUSTED_PROXY_HOPS).toBe(2);
    loadEnv();
    expect(env.TRUSTED_PROXY_HOPS).toBe(4);
  });

  it("is read-only", () => {
    expect(Object.isFrozen(env)).toBe(true);
    expect(() => Object.assign(env, { APP_URL: "https://elsewhere.example" })).toThrow(TypeError);
  });

  it("a variable with a problem throws when read, naming it; the others still answer", () => {
    vi.stubEnv("READ_CACHE", "maybe");
    expect(loadEnv().problems).toEqual(['READ_CACHE must be on or off (got "maybe")']);
    expect(() => env.READ_CACHE).toThrow(EnvError);
    expect(() => env.READ_CACHE).toThrow('READ_CACHE must be on or off (got "maybe")');
    expect(env.JOBS).toBe("on");
  });

  it("never reaches the browser (it reads the server's process.env): no client file imports it", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const clientEntries = ["app", "components", "features", "lib", "i18n"]
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
      )
      .filter(
        (file) => /\.tsx?$/.test(file) && /^\s*["']use client["']/.test(readFileSync(path.join(root, file), "utf8")),
      );
    expect(clientEntries.length).toBeGreaterThan(10);
    for (const file of clientEntries) expect(clientFiles(file), file).not.toContain(path.join(root, "lib/env.ts"));
  });
});
