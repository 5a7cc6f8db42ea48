import "server-only";

import { createTranslator, type Locale } from "next-intl";
import { NextResponse, type NextRequest } from "next/server";

import { isMessageKey } from "@/i18n/message-key";
import { MESSAGES } from "@/i18n/messages";
import { noteDatabaseUnavailable, RETRY_AFTER_SECONDS } from "@/lib/db/outage";
import { isDatabaseUnavailable, isUnstorableText } from "@/lib/db/unavailable";
import { requestLocale } from "@/lib/http/request-locale";
import { log } from "@/lib/log";
import { crossOriginRefusal, type BodyKind } from "@/lib/security/cross-origin";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { appUrl } from "@/lib/site";
import { reportError } from "@/lib/telemetry/errors";

import { clientAddress } from "./client-address";
import { AppError, type MessageValues } from "./errors";
import type { ErrorBody } from "./openapi-common";
import { contextOf, currentRequest, pathForLogs, runInContext } from "./request-context";

export { requestLocale };

/**
 * Turns data-layer results and errors into JSON answers. Errors carry a message key and its text
 * in the caller's language (?lng, NEXT_LOCALE cookie, Accept-Language), never a stack trace.
 */
export function translate(locale: Locale, key: string, values?: MessageValues): string {
  const messages = MESSAGES[locale];
  const t = createTranslator({ locale, messages });
  if (!isMessageKey(messages, key)) return t("Api.error");
  if (!values) return t(key);
  const written = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "object" ? new Intl.NumberFormat(locale, value.format).format(value.number) : value,
    ]),
  );
  // A message's values are checked by its key's type where the key is written; here it arrives as data.
  return (t as (key: string, values: Record<string, string | number>) => string)(key, written);
}

/** A message key in the language the request asks for (lib/http/request-locale.ts). */
export function translated(request: NextRequest, key: string): string {
  return translate(requestLocale(request), key);
}

export function errorResponse(
  request: NextRequest,
  status: number,
  key: string,
  fields?: Record<string, string>,
  values?: AppError["values"],
): NextResponse {
  const locale = requestLocale(request);
  // Its type is the one the OpenAPI document describes (every error answer of the API).
  const body: ErrorBody = {
    message: translate(locale, key, values?.message),
    key,
  };
  if (fields) {
    body.errors = Object.fromEntries(
      Object.entries(fields).map(([field, fieldKey]) => [
        field,
        { key: fieldKey, message: translate(locale, fieldKey, values?.fields?.[field]) },
      ]),
    );
    const first = Object.values(body.errors)[0];
    if (first) body.message = first.message;
  }
  return NextResponse.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs a handler body, after refusing cross-site requests and bodies of the wrong type
 * (lib/security/cross-origin.ts); AppErrors become their 4xx, text the database cannot store a 400, a
 * database out of reach a 503 with Retry-After, anything else a logged 500 with no details.
 * After a 503 a transaction cut off was rolled back by PostgreSQL; only a commit whose answer was
 * lost on the way can have gone through, and the writes are idempotent for that retry.
 */
export async function handle(
  request: NextRequest,
  body: () => Promise<Response>,
  options: { accept?: BodyKind } = {},
): Promise<Response> {
  return inRequestContext(request, async () => {
    const refused = crossOriginRefusal({
      method: request.method,
      headers: request.headers,
      ownOrigins: [new URL(appUrl()).origin],
      body: options.accept ?? "json",
    });
    if (refused) {
      await recordRefusal(refused.status, refused.key);
      return errorResponse(request, refused.status, refused.key);
    }
    return answerErrors(request, body);
  });
}

/**
 * Runs an API handler inside its request context (lib/http/request-context.ts) and answers with
 * its id in X-Request-Id, so a person reporting a failure can name the request the logs know (the
 * id proxy.ts gave it, when the request passed there: lib/http/request-id.ts). Every log line
 * written meanwhile carries the id (lib/log.ts); the answer itself is a debug line.
 */
async function inRequestContext(request: NextRequest, run: () => Promise<Response>): Promise<Response> {
  const open = currentRequest();
  if (open) return run();
  const context = contextOf(request);
  const started = performance.now();
  const response = await runInContext(context, run);
  try {
    response.headers.set("X-Request-Id", context.requestId);
  } catch {
    // Response.redirect() and a fetch()ed Response have immutable headers; they go without the id.
  }
  runInContext(context, () =>
    log.debug(
      {
        area: "http",
        method: context.method,
        path: context.path,
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      "request answered",
    ),
  );
  return response;
}

/**
 * The refusals the security log keeps: who was turned away (401/403) and who was throttled (429);
 * once per request: a refusal already recorded under its own kind (signIn.failed, signIn.locked,
 * webhook.forged) is not recorded again.
 */
async function recordRefusal(status: number, key: string): Promise<void> {
  if (currentRequest()?.refusalRecorded) return;
  if (status === 401 || status === 403) await recordSecurityEvent("access.refused", { status, details: { key } });
  else if (status === 429) await recordSecurityEvent("throttle.hit", { status, details: { key } });
}

/**
 * handle()'s translation of errors alone, for a route that keeps its own rule for where requests
 * may come from (next-auth's, whose forms are url-encoded and carry its own CSRF token).
 */
export async function answerErrors(request: NextRequest, body: () => Promise<Response>): Promise<Response> {
  return inRequestContext(request, () => answerErrorsInContext(request, body));
}

async function answerErrorsInContext(request: NextRequest, body: () => Promise<Response>): Promise<Response> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof AppError) {
      await recordRefusal(error.status, error.key);
      const response = errorResponse(request, error.status, error.key, error.fields, error.values);
      for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
      return response;
    }
    if (isUnstorableText(error)) return errorResponse(request, 400, "Validation.unstorableText");
    if (isDatabaseUnavailable(error)) {
      noteDatabaseUnavailable();
      log.warn(
        {
          area: "api",
          method: request.method,
          path: pathForLogs(request.nextUrl.pathname),
          error: error instanceof Error ? error.message.trim().split("\n").at(-1) : String(error),
        },
        "database unavailable",
      );
      const response = errorResponse(request, 503, "Api.unavailable");
      response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      return response;
    }
    log.error(
      { area: "api", method: request.method, path: pathForLogs(request.nextUrl.pathname), err: error },
      "request failed",
    );
    // Reported as well when SENTRY_DSN is set, under the request id its log line carries.
    reportError(error, {
      requestId: currentRequest()?.requestId,
      method: request.method,
      path: pathForLogs(request.nextUrl.pathname),
    });
    return errorResponse(request, 500, "Api.error");
  }
}

/** An XML document for crawlers (the sitemap), which they may keep for ten minutes. */
export function xmlResponse(xml: string): NextResponse {
  return new NextResponse(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}

export function json(data: unknown, init?: { status?: number; maxAge?: number }): NextResponse {
  const cache = init?.maxAge ? `public, max-age=${init.maxAge}, stale-while-revalidate=${init.maxAge * 4}` : "no-store";
  return NextResponse.json(data, { status: init?.status ?? 200, headers: { "Cache-Control": cache } });
}

const MAX_JSON_BYTES = 64 * 1024;

/**
 * The body's bytes, at most `max` of them: the count is kept while reading, so a chunked body (no
 * Content-Length) or one that lies about its length is cut off at the limit, never buffered whole.
 */
export async function readCapped(
  request: NextRequest,
  max: number,
  tooLargeKey: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new AppError(413, tooLargeKey);
  if (Number(request.headers.get("content-length") ?? 0) > max) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away half-way: what arrived is no request, and no server fault either.
      throw new AppError(400, "Api.badRequest");
    });
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The JSON body, refused with a translated 400/413 when it is not JSON or is too large. */
export async function readJson(request: NextRequest): Promise<unknown> {
  return parseJson(await readCapped(request, MAX_JSON_BYTES, "Validation.tooLarge"));
}

/** Bytes read as JSON, refused with a translated 400 when they are not. */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8")) as unknown;
  } catch {
    throw new AppError(400, "Validation.json");
  }
}

/** The client address for throttles, from trusted proxy hops only (see client-address.ts). */
export function clientIp(request: NextRequest): string {
  return clientAddress(request.headers);
}
