import { z } from "zod";

import { DEFAULT_MAP_TILES_URL } from "./public-env";

/**
 * The environment, typed, in one place: every variable the app reads, what it means, its type, its
 * default in development and test, and what production cannot start without. Code reads
 * `env.NAME` from here, never process.env (eslint.config.mjs keeps it so). docs/environment.md and
 * .env.example are written from VARIABLES by `npm run env:docs` (a unit test fails while they are
 * stale).
 *
 * When it is read: once, at server start (instrumentation-node.ts calls loadEnv(); a server with any
 * problem prints every one of them, one line per variable, and exits), or else on the first use of
 * `env` (scripts, tests). Not at import: a test or a script sets process.env first, then reads.
 * After that, changes to process.env are not seen until loadEnv() is called again, which is what a
 * test that changes a variable does (tests/helpers/env.ts).
 *
 * Production requires APP_SECRET and APP_URL; development and test fall back to the defaults
 * below. `next build` runs as production but needs neither (it renders with the defaults), so the
 * requirement applies to servers only. A value that is set but unusable is a problem in every mode:
 * refused with its variable's name rather than quietly replaced by a default.
 */

export const MODES = ["development", "test", "production"] as const;
export type Mode = (typeof MODES)[number];

/** DATABASE_STATEMENT_TIMEOUT's form: PostgreSQL's statement_timeout without spaces, 0 for none. */
export const DURATION = /^\d+(ms|s|min)?$/;
export const POSTGRES_PROTOCOLS = ["postgres:", "postgresql:"];

const GROUPS = {
  site: "Site and security",
  database: "Database",
  caches: "Caches and jobs",
  mail: "Mail",
  payments: "Payments",
  notifications: "Telegram and push notifications",
  map: "Map and geocoding",
  telemetry: "Traces, metrics and errors",
  tools: "Benchmarks",
} as const;

type Definition = {
  group: keyof typeof GROUPS;
  /** What it does, for the docs and .env.example. */
  description: string;
  /** Its type, as the docs show it. */
  type: string;
  /** A value that is set (not empty) → what the code gets. */
  schema: z.ZodType<unknown, string>;
  /** Used when unset: in development and test, and in production unless `production` requires it. */
  default?: string;
  /** Production refuses to start without it: the line that says so (after the name). */
  production?: { required: string; schema?: z.ZodType<unknown, string> };
  /** Never repeated in a problem line. */
  secret?: true;
  /** Read by a library or by Next, not by our code: listed so that it is documented with the rest. */
  readBy?: string;
};

const hasValue = (value: string | undefined): value is string => value !== undefined && value.trim() !== "";

function isUrl(value: string, protocols = ["http:", "https:"]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isSiteOrigin(value: string): boolean {
  if (!isUrl(value)) return false;
  const url = new URL(value);
  return url.pathname.replace(/\/$/, "") === "" && !url.search && !url.hash;
}

const withoutTrailingSlash = (value: string) => value.replace(/\/$/, "");
const text = () => z.string();
const httpUrl = (example: string) =>
  z
    .string()
    .refine((value) => isUrl(value), { error: `must be an http(s) URL, e.g. ${example}` })
    .transform(withoutTrailingSlash);
const integer = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
};
/** A positive amount of money with at most two decimals, kept as text with exactly two ("125.00"). */
const uahAmount = () => {
  const error = "must be a positive amount with at most two decimals, e.g. 125 or 125.50";
  return z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error })
    .refine((value) => Number(value) > 0, { error })
    .transform((value) => Number(value).toFixed(2));
};
const onOff = () => z.enum(["on", "off"], { error: "must be on or off" });
const flag = () =>
  z
    .string()
    .regex(/^(true|false|1|0)$/i, { error: "must be true or false" })
    .transform((value) => /^(true|1)$/i.test(value));
const postgresUrl = () =>
  z
    .string()
    .trim()
    .refine((value) => isUrl(value, POSTGRES_PROTOCOLS), {
      error: "must be a PostgreSQL URL, postgresql://user:password@host:5432/database",
    });

/** Every variable the app reads, grouped as the docs show them. */
export const VARIABLES = {
  NODE_ENV: {
    group: "site",
    description:
      "How the app runs. Set by `next dev` (development), `next build` and the production server (production) and Vitest (test), not by hand. Production requires the variables marked so, and turns on the page cache, `__Host-` Secure cookies and HSTS.",
    type: "development | test | production",
    schema: z.enum(MODES, { error: "must be development, test or production" }),
    default: "development",
  },
  APP_SECRET: {
    group: "site",
    description:
      "The secret every instance shares: it keys next-auth's CSRF token on /api/auth/* and the app's keyed hashes (who counted a view or reported hours, without storing who). The same on every instance; a new value forgets those hashes. Make one with `openssl rand -base64 32`.",
    type: "text (≥ 32 bytes in production)",
    schema: z.string(),
    default: "maister-development-only",
    production: {
      required:
        "must be set to at least 32 bytes of random text (e.g. `openssl rand -base64 32`), the same on every instance.",
      schema: z.string().refine((value) => Buffer.byteLength(value) >= 32, {
        error: "must be at least 32 bytes of random text (e.g. `openssl rand -base64 32`), the same on every instance.",
      }),
    },
    secret: true,
  },
  APP_URL: {
    group: "site",
    description:
      "The site's public origin, without a path: canonical and hreflang links, the sitemap, robots.txt, links in e-mails, and the origin API writes must come from.",
    type: "http(s) origin",
    schema: z
      .string()
      .refine(isSiteOrigin, {
        error:
          "must be the site's public origin, e.g. https://maister.example (http or https, no path, query or fragment)",
      })
      .transform(withoutTrailingSlash),
    default: "http://localhost:3000",
    production: {
      required:
        "must be set to the site's public origin, e.g. https://maister.example (links in mails, canonical URLs, sitemap).",
    },
  },
  TRUSTED_PROXY_HOPS: {
    group: "site",
    description:
      "How many proxies of ours stand in front: the client address (per-address limits, next-auth) is the N-th X-Forwarded-For entry from the right. With 0 the header is ignored and every request counts as one address, so production belongs behind a proxy that sets it (nginx: `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;` and TRUSTED_PROXY_HOPS=1).",
    type: "integer 0–10",
    schema: integer(0, 10),
    default: "0",
  },
  NEXTAUTH_URL: {
    group: "site",
    description:
      "Only for next-auth's own routes (/api/auth/*; the site signs in through /api/users/login): the origin of its redirects, and over https its cookies become Secure. Unset, next-auth assumes http://localhost:3000.",
    type: "http(s) URL",
    schema: httpUrl("https://maister.example"),
    readBy: "next-auth",
  },
  PORT: {
    group: "site",
    description:
      "The port this instance listens on (3000 by default), read by the standalone server (`npm start`, the image); the address is Next's HOSTNAME, all interfaces by default. The page cache reaches the instance through it.",
    type: "integer 1–65535",
    schema: integer(1, 65535),
    readBy: "Next",
  },
  LOG_LEVEL: {
    group: "site",
    description:
      "How much the server writes to its log (JSON lines, warnings and errors on standard error and the rest on standard output; readable lines in `next dev`): fatal, error, warn, info, debug, trace or silent. Unset: debug in development, warn in test, info in production. Lines never hold passwords, tokens, codes, cookies or full e-mail addresses (docs/operations.md, Logs).",
    type: "fatal | error | warn | info | debug | trace | silent",
    schema: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be fatal, error, warn, info, debug, trace or silent",
    }),
  },

  DATABASE_URL: {
    group: "database",
    description: "PostgreSQL connection string. Unset, the app uses the embedded PGlite database in PGLITE_DATA_DIR.",
    type: "postgresql:// URL",
    schema: postgresUrl(),
    secret: true,
  },
  DIRECT_DATABASE_URL: {
    group: "database",
    description:
      "A plain PostgreSQL URL for maintenance (migrations, seeding, `db:backup`, `db:restore`) when DATABASE_URL points at PgBouncer. Unset, maintenance uses DATABASE_URL.",
    type: "postgresql:// URL",
    schema: postgresUrl(),
    secret: true,
  },
  PGLITE_DATA_DIR: {
    group: "database",
    description: "Where the embedded database lives when DATABASE_URL is unset (`memory://` keeps it in memory).",
    type: "path",
    schema: z.string().trim(),
    default: ".data/pglite",
  },
  DATABASE_POOL_SIZE: {
    group: "database",
    description:
      "PostgreSQL connections per app instance (through PgBouncer, its default_pool_size bounds the server side).",
    type: "integer 1–1000",
    schema: integer(1, 1000),
    default: "10",
  },
  DATABASE_STATEMENT_TIMEOUT: {
    group: "database",
    description:
      "The database's default statement_timeout, set with ALTER DATABASE at every `npm start` and `npm run dev` (migrations, restores and bench data lift it for themselves).",
    type: "duration: 30s, 15000ms, 2min, 0 (none)",
    schema: z.string().trim().regex(DURATION, { error: "must be a duration like 30s, 15000ms or 0 (off)" }),
    default: "30s",
  },
  SEED_DEMO_DATA: {
    group: "database",
    description:
      "Seed an empty database with demo data before the server starts. Unset, `npm run dev` seeds and `npm start` does not; false never seeds. Read by scripts/db/prepare.ts.",
    type: "true | false",
    schema: flag(),
  },

  READ_CACHE: {
    group: "caches",
    description:
      "off answers every public read from the database. On, lists, service pages and map views are kept for 10–30 s, and a write on any instance drops them everywhere. The page cache is off with it.",
    type: "on | off",
    schema: onOff(),
    default: "on",
  },
  PAGE_CACHE: {
    group: "caches",
    description:
      "Production only. off renders every page per request. On, home, the lists and service pages asked for more than once are rendered for nobody and served to every visitor (kept until the end of the minute, dropped with the data on any catalogue write), each copy with the visitor's own nonce; responses say X-Page-Cache: hit or miss.",
    type: "on | off",
    schema: onOff(),
    default: "on",
  },
  PAGE_CACHE_ORIGIN: {
    group: "caches",
    description:
      "Where an instance reaches itself to render a page for the page cache. Unset, http://127.0.0.1:$PORT; set it when the server listens on another address (HOSTNAME).",
    type: "http(s) URL",
    schema: httpUrl("http://127.0.0.1:3000"),
  },
  JOBS: {
    group: "caches",
    description:
      "off keeps this instance from working the job queue (the periodic jobs such as the PayPal sweep and purges, and mail retries); it still queues jobs, and the instances with it on run each once.",
    type: "on | off",
    schema: onOff(),
    default: "on",
  },
  SHUTDOWN_TIMEOUT_MS: {
    group: "site",
    description:
      "On SIGTERM or SIGINT the instance stops taking connections, finishes the requests and job runs in flight, flushes, and exits; past this many milliseconds from the signal it exits anyway (code 1). Keep it below the orchestrator's grace period (Docker's default is 10 s, `stop_grace_period` in compose).",
    type: "integer 1000–600000",
    schema: integer(1000, 600_000),
    default: "8000",
  },

  RESEND_API_KEY: {
    group: "mail",
    description: "Send mail through Resend. Unset, mails are stored, printed to the log and listed at /dev/outbox.",
    type: "text",
    schema: text(),
    secret: true,
  },
  RESEND_BASE_URL: {
    group: "mail",
    description: "Resend's API address (the tests point it at a local fake). Unset, https://api.resend.com.",
    type: "http(s) URL",
    schema: httpUrl("https://api.resend.com"),
    readBy: "the resend package",
  },
  MAIL_FROM: {
    group: "mail",
    description: "The sender of every mail.",
    type: "e-mail address, with a name",
    schema: z.string().regex(/^[^<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/, {
      error: "must be an address, e.g. Maister <no-reply@maister.example>",
    }),
    default: "Maister <no-reply@maister.local>",
  },
  MAIL_DEV_OUTBOX: {
    group: "mail",
    description:
      "Production only: true serves /dev/outbox (the mails the app sent or stored) as in development; otherwise it is a 404 there. The end-to-end server sets it.",
    type: "true | false",
    schema: flag(),
    default: "false",
  },
  FEEDBACK_TO: {
    group: "mail",
    description: "Where feedback from the site's form is mailed.",
    type: "e-mail address",
    schema: z.email({ error: "must be an e-mail address" }),
    default: "feedback@maister.local",
  },

  PAYPAL_CLIENT_ID: {
    group: "payments",
    description:
      "PayPal REST credentials: the server creates and captures Orders v2 for the listing fee. Without both, a labelled test payment is offered outside production.",
    type: "text",
    schema: text(),
  },
  PAYPAL_CLIENT_SECRET: {
    group: "payments",
    description: "The secret of PAYPAL_CLIENT_ID.",
    type: "text",
    schema: text(),
    secret: true,
  },
  PAYPAL_API_BASE: {
    group: "payments",
    description: "PayPal's API: the sandbox by default, https://api-m.paypal.com for live payments.",
    type: "http(s) URL",
    schema: httpUrl("https://api-m.paypal.com"),
    default: "https://api-m.sandbox.paypal.com",
  },
  PAYPAL_WEBHOOK_ID: {
    group: "payments",
    description:
      "The id of the webhook registered at PayPal; every delivery is verified against it with PayPal's verify-webhook-signature call. Unset, webhooks are refused.",
    type: "text",
    schema: text(),
  },
  MONO_TOKEN: {
    group: "payments",
    description:
      "The merchant token of monobank acquiring (plata by mono, X-Token): owners may also pay the fee by card through a monobank invoice. Unset, only PayPal is offered.",
    type: "text",
    schema: text(),
    secret: true,
  },
  MONO_API_BASE: {
    group: "payments",
    description: "monobank's acquiring API (the tests and `npm run dev` point it at a local stand-in).",
    type: "http(s) URL",
    schema: httpUrl("https://api.monobank.ua"),
    default: "https://api.monobank.ua",
  },
  MONO_FEE_UAH: {
    group: "payments",
    description: "The listing fee charged through monobank, in hryvnias (monobank is sent kopiykas).",
    type: "amount, e.g. 125 or 125.50",
    schema: uahAmount(),
    default: "125",
  },
  PAYMENTS_TEST_MODE: {
    group: "payments",
    description:
      "true offers the labelled test payment even in production (the end-to-end server uses it). Never on a live site.",
    type: "true | false",
    schema: flag(),
    default: "false",
  },

  TELEGRAM_BOT_TOKEN: {
    group: "notifications",
    description:
      "The Telegram bot's token from @BotFather: people may link the bot and hear of their requests there. Unset, `npm run dev` and the tests use a local stand-in, and a server without one offers no Telegram.",
    type: "text",
    schema: text().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, { error: "must be a bot token like 123456:ABC-…" }),
    secret: true,
  },
  TELEGRAM_BOT_USERNAME: {
    group: "notifications",
    description:
      "The bot's username without @, for its t.me links. Unset, it is asked of Telegram (getMe) once per process.",
    type: "text",
    schema: text().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, { error: "must be a Telegram username" }),
  },
  TELEGRAM_API_BASE: {
    group: "notifications",
    description: "Telegram's Bot API (the tests and `npm run dev` point it at a local stand-in).",
    type: "http(s) URL",
    schema: httpUrl("https://api.telegram.org"),
    default: "https://api.telegram.org",
  },
  TELEGRAM_WEBHOOK_SECRET: {
    group: "notifications",
    description:
      "The secret_token given to setWebhook: the webhook refuses an update without it in X-Telegram-Bot-Api-Secret-Token (1–256 of A–Z, a–z, 0–9, _ and -). Unset, every update is refused.",
    type: "text",
    schema: text().regex(/^[A-Za-z0-9_-]{1,256}$/, { error: "must be 1 to 256 of A-Z, a-z, 0-9, _ and -" }),
    secret: true,
  },
  VAPID_PUBLIC_KEY: {
    group: "notifications",
    description:
      "The public VAPID key (URL-safe base64, `npx web-push generate-vapid-keys`) for Web Push. Unset with its private key, `npm run dev` and the tests use fixed test keys, and a server without them offers no push.",
    type: "text",
    schema: text().regex(/^[A-Za-z0-9_-]{80,100}$/, { error: "must be a URL-safe base64 P-256 public key" }),
  },
  VAPID_PRIVATE_KEY: {
    group: "notifications",
    description: "The private VAPID key that signs every push.",
    type: "text",
    schema: text().regex(/^[A-Za-z0-9_-]{40,50}$/, { error: "must be a URL-safe base64 P-256 private key" }),
    secret: true,
  },
  PUSH_TEST_ENDPOINTS: {
    group: "notifications",
    description:
      "Production only: true accepts push subscriptions at http://127.0.0.1 or http://localhost (the end-to-end server's push service stand-in), as in development; otherwise only https: endpoints. Never on a live site.",
    type: "true | false",
    schema: flag(),
    default: "false",
  },
  VAPID_SUBJECT: {
    group: "notifications",
    description: "Who push services may contact about our pushes: a mailto: or https: address.",
    type: "mailto: or https: URL",
    schema: text().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { error: "must be a mailto: or https: address" }),
    default: "mailto:admin@maister.example",
  },

  NEXT_PUBLIC_MAP_TILES_URL: {
    group: "map",
    description:
      "The map tiles' URL template. Written into the code by `next build` (the browser loads the tiles): set it when building, not only when starting. The page policy allows its origin.",
    type: "URL template with {z}, {x}, {y}",
    schema: z
      .string()
      .refine(
        (value) =>
          ["{z}", "{x}", "{y}"].every((part) => value.includes(part)) && isUrl(value.replace(/\{[a-z]\}/g, "0")),
        {
          error:
            "must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        },
      ),
    default: DEFAULT_MAP_TILES_URL,
  },
  NOMINATIM_URL: {
    group: "map",
    description:
      "Reverse geocoding for the map picker: at most one request a second from the whole application (the slots are booked in the database, so every instance agrees); answers are cached.",
    type: "http(s) URL",
    schema: httpUrl("https://nominatim.openstreetmap.org"),
    default: "https://nominatim.openstreetmap.org",
  },
  NOMINATIM_TIMEOUT_MS: {
    group: "map",
    description: "How long a lookup may wait for its slot and its answer, in milliseconds.",
    type: "integer 1–60000",
    schema: integer(1, 60_000),
    default: "4000",
  },
  NOMINATIM_MIN_INTERVAL_MS: {
    group: "map",
    description:
      "The pause between two lookups of the whole application, in milliseconds (Nominatim's usage policy asks for 1000).",
    type: "integer 0–60000",
    schema: integer(0, 60_000),
    default: "1000",
  },

  OSM_OVERPASS_URL: {
    group: "map",
    description:
      "The Overpass API interpreter the OpenStreetMap import asks (one POST per run, with the built-in query for Ukraine's car repair and tyre shops). `npm run osm:import -- file.json` reads a saved answer instead.",
    type: "http(s) URL",
    schema: httpUrl("https://overpass-api.de/api/interpreter"),
    default: "https://overpass-api.de/api/interpreter",
  },
  OSM_OVERPASS_TIMEOUT_MS: {
    group: "map",
    description:
      "How long one Overpass request may take, answer included, in milliseconds; the query asks the server for the same limit. A run past it fails and changes nothing.",
    type: "integer 1–900000",
    schema: integer(1, 900_000),
    default: "180000",
  },
  OSM_OVERPASS_MAX_BYTES: {
    group: "map",
    description:
      "The largest Overpass answer the import reads, in bytes (Ukraine's answer is a few MB); a larger one fails the run.",
    type: "integer 1000–1000000000",
    schema: integer(1000, 1_000_000_000),
    default: "100000000",
  },
  OSM_IMPORT_JOB: {
    group: "map",
    description:
      "The weekly OpenStreetMap import job (asked hourly, it asks OSM_OVERPASS_URL once the last successful import is a week old). Unset, on in production and off in development and test; the admin area's button and `npm run osm:import` work either way.",
    type: "on | off",
    schema: onOff(),
  },
  OSM_GEOCODE_PER_RUN: {
    group: "map",
    description:
      "How many imported places without an address an import looks up at NOMINATIM_URL after it commits (at Nominatim's pace); the rest wait for the next run and show their coordinates until then.",
    type: "integer 0–10000",
    schema: integer(0, 10_000),
    default: "50",
  },

  OTEL_EXPORTER_OTLP_ENDPOINT: {
    group: "telemetry",
    description:
      "An OpenTelemetry collector's OTLP/HTTP address (e.g. http://otel-collector:4318): traces (requests, database statements, outgoing calls, job runs) go to /v1/traces and metrics to /v1/metrics. Unset, no telemetry code is loaded at all. The exporters also read the other standard OTEL_EXPORTER_OTLP_* variables (headers, per-signal endpoints, timeouts).",
    type: "http(s) URL",
    schema: httpUrl("http://otel-collector:4318"),
  },
  OTEL_SERVICE_NAME: {
    group: "telemetry",
    description:
      "The service.name of this instance's traces and metrics (OTEL_RESOURCE_ATTRIBUTES adds others, e.g. deployment.environment=production). Unset, maister.",
    type: "text",
    schema: text(),
    readBy: "OpenTelemetry's resource detector",
  },
  OTEL_METRIC_EXPORT_INTERVAL: {
    group: "telemetry",
    description: "How often metrics are sent to the collector, in milliseconds (the outbox gauge is read then too).",
    type: "integer 1000–3600000",
    schema: integer(1000, 3_600_000),
    default: "60000",
  },
  SENTRY_DSN: {
    group: "telemetry",
    description:
      "Where server and browser errors are reported, in Sentry's protocol (Sentry or a self-hosted GlitchTip): the project's DSN. Read when the server starts; pages carry it to the browser, whose SDK is loaded only then, and the page policy allows its origin. Reports carry the request id and no cookies, headers beyond a few, bodies, query strings, IP or e-mail addresses. Unset, nothing is reported and no Sentry code is loaded.",
    type: "DSN URL",
    schema: z.string().refine((value) => isUrl(value) && new URL(value).username !== "", {
      error: "must be a DSN, e.g. https://public-key@glitchtip.example/1",
    }),
  },
  SENTRY_ENVIRONMENT: {
    group: "telemetry",
    description: "The environment error reports are filed under (production, staging…). Unset, NODE_ENV.",
    type: "text",
    schema: text(),
  },

  BENCH_FRAMEWORK_FLOOR: {
    group: "tools",
    description:
      "true serves /framework-floor, the page `npm run bench` measures the layout's own cost with; otherwise it is a 404.",
    type: "true | false",
    schema: flag(),
    default: "false",
  },
  DEV_JOB_TRIGGER: {
    group: "tools",
    description:
      "Production only: true lets POST /api/dev/jobs/{name}?at= run one of the periodic jobs at once, as at the given time, as in development; otherwise it is a 404 there. The end-to-end server sets it; never set it in a real deployment.",
    type: "true | false",
    schema: flag(),
    default: "false",
  },
} satisfies Record<string, Definition>;

export type EnvName = keyof typeof VARIABLES;
type Variable<N extends EnvName> = (typeof VARIABLES)[N];
type Value<D> = D extends { schema: z.ZodType<infer T, string> }
  ? D extends { default: string }
    ? T
    : T | undefined
  : never;
export type Env = { readonly [N in EnvName]: Value<Variable<N>> };

/** NEXTAUTH_SECRET, next-auth's own name, is still read as APP_SECRET's old name. */
export const ALIASES = { NEXTAUTH_SECRET: "APP_SECRET" } as const satisfies Record<string, EnvName>;

export const GROUP_TITLES = GROUPS;
export const ENV_NAMES = Object.keys(VARIABLES) as EnvName[];
const definition = (name: EnvName): Definition => VARIABLES[name];

/**
 * The zod schema of the whole environment in one mode: a value that is empty counts as unset, an
 * unset one takes its default, production without `building` requires what it requires.
 */
export function envSchema(mode: Mode, { building = false } = {}) {
  const strict = mode === "production" && !building;
  const shape = Object.fromEntries(
    ENV_NAMES.map((name) => {
      const { schema, production, default: fallback } = definition(name);
      const required = strict ? production?.required : undefined;
      const field = required
        ? z.string({ error: required }).pipe(production?.schema ?? schema)
        : fallback === undefined
          ? schema.optional()
          : schema;
      return [
        name,
        z.preprocess(
          (value) => (typeof value === "string" && hasValue(value) ? value : required ? undefined : fallback),
          field,
        ),
      ];
    }),
  );
  return z.object(shape) as unknown as z.ZodType<Env, Partial<Record<EnvName, string>>> & {
    shape: Record<EnvName, z.ZodType>;
  };
}

export type ParsedEnv = {
  mode: Mode;
  /** `next build`: production's requirements wait for the server. */
  building: boolean;
  /** The values; a variable with a problem is missing. */
  values: Partial<Env>;
  /** One line per variable that cannot be used, starting with its name. */
  problems: string[];
  problemOf: Partial<Record<EnvName, string>>;
  /** Usable, but worth changing (an old name). */
  warnings: string[];
};

type Source = Record<string, string | undefined>;

/** Reads an environment (process.env or a test's own): never throws, every problem listed. */
export function parseEnv(source: Source): ParsedEnv {
  const input: Source = { ...source };
  const warnings: string[] = [];
  const oldSecret = hasValue(source.NEXTAUTH_SECRET);
  if (oldSecret && hasValue(source.APP_SECRET)) {
    warnings.push(
      "APP_SECRET and its old name NEXTAUTH_SECRET are both set: APP_SECRET is used, NEXTAUTH_SECRET is ignored; remove it.",
    );
  } else if (oldSecret) {
    input.APP_SECRET = source.NEXTAUTH_SECRET;
    warnings.push(
      "NEXTAUTH_SECRET is read as APP_SECRET, its new name: rename it (keep the value, or the keyed hashes change).",
    );
  }

  const modeField = envSchema("development").shape.NODE_ENV.safeParse(input.NODE_ENV);
  const mode: Mode = modeField.success ? (modeField.data as Mode) : "development";
  // Next sets it while `next build` runs (it renders pages and may load instrumentation).
  const building = source.NEXT_PHASE === "phase-production-build";
  const { shape } = envSchema(mode, { building });

  const values: Record<string, unknown> = {};
  const problemOf: Partial<Record<EnvName, string>> = {};
  for (const name of ENV_NAMES) {
    const result = shape[name].safeParse(input[name]);
    if (result.success) {
      values[name] = result.data;
      continue;
    }
    const raw = input[name];
    const { secret } = definition(name);
    const got = hasValue(raw) && !secret ? ` (got "${raw}")` : "";
    const via =
      name === "APP_SECRET" && oldSecret && !hasValue(source.APP_SECRET)
        ? " (read from NEXTAUTH_SECRET, its old name)"
        : "";
    problemOf[name] = `${name} ${result.error.issues[0]?.message ?? "is not usable"}${got}${via}`;
  }
  return {
    mode,
    building,
    values: Object.freeze(values) as Partial<Env>,
    problems: Object.values(problemOf),
    problemOf,
    warnings,
  };
}

type WarningReporter = (warning: string) => void;
let reportWarning: WarningReporter | null = null;
/** Per process, as `warned` below: the logger of whichever bundle loads first writes them. */
const unreported = ((globalThis as typeof globalThis & { __maisterEnvUnreported?: string[] }).__maisterEnvUnreported ??=
  []);

/**
 * Where the environment's warnings go: lib/log.ts hands its logger over when it loads. The logger
 * reads this module (its level, the secret it blanks), so this module cannot import it; warnings
 * found before it loads wait here and are written when it does (the server's start loads both).
 */
export function reportEnvWarningsTo(report: WarningReporter): void {
  reportWarning = report;
  for (const warning of unreported.splice(0)) report(warning);
}

/** Warned once per process, however many bundles (Next's server has several) read the environment. */
const warned = ((globalThis as typeof globalThis & { __maisterEnvWarnings?: Set<string> }).__maisterEnvWarnings ??=
  new Set());

let current: ParsedEnv | undefined;

/**
 * Reads process.env (again) and makes it what `env` answers from now on; prints its warnings, once
 * per process. Called by instrumentation-node.ts at server start, and by whatever changes
 * process.env after the app first read it (tests, scripts).
 */
export function loadEnv(): ParsedEnv {
  // NEXT_PUBLIC_* in the form Next writes into the code at build time: checked is what the browser got.
  current = parseEnv({ ...process.env, NEXT_PUBLIC_MAP_TILES_URL: process.env.NEXT_PUBLIC_MAP_TILES_URL });
  for (const warning of current.warnings) {
    if (warned.has(warning)) continue;
    warned.add(warning);
    if (reportWarning) reportWarning(warning);
    else unreported.push(warning);
  }
  return current;
}

export class EnvError extends Error {
  override name = "EnvError";
}

function read(name: EnvName): unknown {
  const parsed = current ?? loadEnv();
  const problem = parsed.problemOf[name];
  // A server never gets here with a problem (it exits at start); a script or a test learns which variable is wrong.
  if (problem) throw new EnvError(problem);
  return parsed.values[name];
}

/** The environment, typed and with its defaults: read on first use (see above), read-only. */
export const env: Env = Object.freeze(
  Object.defineProperties(
    {} as Env,
    Object.fromEntries(ENV_NAMES.map((name) => [name, { enumerable: true, get: () => read(name) }])),
  ),
);
