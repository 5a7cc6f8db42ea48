import { createRequire } from "node:module";
import path from "node:path";
import { format, stripVTControlCharacters } from "node:util";
import pino, { type DestinationStream, type Level, type Logger, type LoggerOptions } from "pino";
import type { PrettyOptions } from "pino-pretty";

import { env, reportEnvWarningsTo, type Mode } from "./env";
import { requestStorage } from "./http/request-store";
import { cleanText, SECRET_NAME } from "./security/redaction";
import { activeTraceId } from "./telemetry/instruments";

/**
 * The server's one logger (pino): a JSON line per event on standard output, with `level`, `time`,
 * `msg`, the process's `pid` and `hostname`, and, while a request is answered, its `requestId` and
 * the signed-in `userId` (lib/http/request-context.ts). What a line is about goes in fields, not in
 * the message: `log.warn({ area: "mail", attempt: 3 }, "mail attempt failed")`.
 *
 * Nothing secret reaches a line: a value under a secret's name (password, token, code, cookie,
 * authorization, secret…, at any depth) is written as "[redacted]", e-mail addresses are masked
 * (j•••@example.com) and a secret written into text under its name ("?token=…") is blanked, in the
 * message and every field alike (lib/security/redaction.ts, the security log's rule), and the
 * value of APP_SECRET never appears. The level comes from LOG_LEVEL (defaultLogLevel otherwise).
 * `next dev` prints readable lines through pino-pretty; every other mode prints JSON.
 * docs/decisions/0017-structured-logs.md says why it is built this way.
 */

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const REDACTED = "[redacted]";
const MAX_DEPTH = 8;

/** Without LOG_LEVEL: everything while developing, what needs a look while testing, events in production. */
export function defaultLogLevel(mode: Mode): LogLevel {
  return mode === "development" ? "debug" : mode === "test" ? "warn" : "info";
}

let secrets: string[] = [];

function cleanString(text: string): string {
  let clean = cleanText(text);
  for (const secret of secrets) if (clean.includes(secret)) clean = clean.split(secret).join("•••");
  return clean;
}

// An error's `code` is its kind (ECONNREFUSED, P2002, JWT_SESSION_ERROR), not a secret code.
const ERROR_FIELDS = new Set(["err", "error", "cause"]);

/**
 * A value as it may be written: secrets' values redacted by their name at any depth, text cleaned,
 * errors as pino writes them (type, message, stack, code) and cleaned the same way.
 */
export function scrub(value: unknown, depth = 0, inError = false): unknown {
  if (typeof value === "string") return cleanString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (value instanceof Error) return scrub(pino.stdSerializers.err(value), depth + 1, true);
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  if (value instanceof Date) return value;
  const clean: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const keep = inError && name === "code";
    clean[name] = SECRET_NAME.test(name) && !keep ? REDACTED : scrub(item, depth + 1, ERROR_FIELDS.has(name));
  }
  return clean;
}

/** The fields of the request being answered, on every line written while it is. */
function requestFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  const context = requestStorage.getStore();
  if (context) {
    fields.requestId = context.requestId;
    if (context.userId) fields.userId = context.userId;
  }
  // With telemetry on, a line names its trace too (a job's lines have a trace and no request).
  const traceId = activeTraceId();
  if (traceId) fields.traceId = traceId;
  return fields;
}

// Where lines go: warnings and errors to standard error, the rest to standard output (as console.*
// did, so a harness that shows a server's error output still shows them), or what a test put in
// their place (captureLogs in tests/helpers/logs.ts). pino tells the sink each line's level
// (lastLevel) because it asks for the metadata.
const WARN = 40;
let standard: { out: DestinationStream; errors: DestinationStream } | undefined;
let replacement: DestinationStream | null = null;
const sink = {
  [Symbol.for("pino.metadata")]: true,
  lastLevel: 0,
  write(line: string) {
    if (replacement) return replacement.write(line);
    standard ??= standardDestinations();
    (this.lastLevel >= WARN ? standard.errors : standard.out).write(line);
  },
};

/**
 * pino-pretty, in development only, as a stream in this thread: no transport (a worker thread that
 * loads its target by name, which Next's bundling and the standalone trace do not follow). It is a
 * development dependency, loaded from the project's node_modules at run time, never in production.
 */
function prettyDestination(): DestinationStream | undefined {
  try {
    const load = createRequire(path.join(process.cwd(), "package.json"));
    const pretty = load("pino-pretty") as (options: PrettyOptions) => DestinationStream;
    return pretty({ colorize: true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

function standardDestinations(): { out: DestinationStream; errors: DestinationStream } {
  const pretty = env.NODE_ENV === "development" ? prettyDestination() : undefined;
  if (pretty) return { out: pretty, errors: pretty };
  // Synchronous writes: a line written just before process.exit (a configuration problem) is not lost.
  return { out: pino.destination({ dest: 1, sync: true }), errors: pino.destination({ dest: 2, sync: true }) };
}

function options(): LoggerOptions {
  return {
    level: env.LOG_LEVEL ?? defaultLogLevel(env.NODE_ENV),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => scrub(object) as Record<string, unknown>,
    },
    // Errors are written by scrub(), wherever they are, as pino's own serializer would write them.
    serializers: { err: (value: unknown) => value },
    mixin: requestFields,
    hooks: {
      // The message is cleaned like every field; an error logged alone gives its (cleaned) message.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error && typeof rest[0] !== "string")
          return method.apply(this, [{ err: first }, cleanString(first.message)] as never);
        if (typeof first === "object" && first !== null && typeof rest[0] !== "string") {
          const error = (first as { err?: unknown }).err;
          if (error instanceof Error) return method.apply(this, [first, cleanString(error.message)] as never);
        }
        return method.apply(this, args.map((arg) => (typeof arg === "string" ? cleanString(arg) : arg)) as never);
      },
    },
  };
}

let root: Logger | undefined;

function rootLogger(): Logger {
  if (!root) {
    try {
      secrets = [env.APP_SECRET].filter((secret) => secret.length >= 8);
    } catch {
      secrets = [];
    }
    root = pino(options(), sink);
  }
  return root;
}

/**
 * The logger, made on first use (the environment is read then, not when this module loads:
 * lib/env.ts's warnings are written through it, handed over below).
 */
export const log: Logger = new Proxy({} as Logger, {
  get(_target, name) {
    const logger = rootLogger();
    const value: unknown = Reflect.get(logger, name, logger);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
  },
  set(_target, name, value) {
    return Reflect.set(rootLogger(), name, value);
  },
});

reportEnvWarningsTo((warning) => log.warn({ area: "config" }, warning));

/** Writes what is buffered (nothing, with synchronous writes; kept for the shutdown hook). */
export function flushLogs(): void {
  root?.flush();
}

const CONSOLE_LEVELS: Record<"log" | "info" | "warn" | "error" | "debug", Level> = {
  log: "info",
  info: "info",
  warn: "warn",
  error: "error",
  debug: "debug",
};

/**
 * Outside development, what Next and the libraries print with console.* becomes log lines too
 * (`area: "console"`), so that the server's output is JSON lines only, cleaned like ours, with the
 * request id when there is one. Next's own colours are taken out of the text.
 */
export function routeConsoleToLog(): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      // Objects are scrubbed by name before they become text: in the text their keys (cookie,
      // authorization, passwordHash) no longer mark what must not be written.
      const rest = args
        .filter((arg) => arg !== error)
        .map((arg) => (typeof arg === "object" && arg !== null ? scrub(arg) : arg));
      const text = stripVTControlCharacters(format(...rest)).trim() || (error as Error | undefined)?.message || "";
      log[level]({ area: "console", ...(error ? { err: error } : {}) }, text);
    };
  }
}

/** For tests: lines go to `destination` (null: back to standard output) at `level`. */
export function writeLogsTo(destination: DestinationStream | null, level?: LogLevel): void {
  replacement = destination;
  rootLogger().level = level ?? env.LOG_LEVEL ?? defaultLogLevel(env.NODE_ENV);
}
