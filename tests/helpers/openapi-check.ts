import { appendFileSync } from "node:fs";
import type { NextRequest } from "next/server";
import { afterAll, afterEach, expect, vi } from "vitest";
import type { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";

import { errorBody } from "@/lib/http/openapi-common";
import { API_PATHS } from "@/openapi";

import { isLenient, routeFiles, type RouteFile } from "./api-routes";

/**
 * Every answer an integration test receives from a route handler is checked against the OpenAPI
 * document (openapi.ts): the operation (path template and method) and the status must be described,
 * and a JSON body must parse with the zod schema described for that status, with no field the
 * schema does not name. The check uses the zod schemas themselves (API_PATHS keeps them), the same
 * ones the document is generated from. A mismatch fails the test that received the answer.
 *
 * Route modules are wrapped where the tests import them (vi.doMock in integration-setup.ts), so
 * every call is seen, through call() or not.
 *
 * OPENAPI_CHECK=report records mismatches without failing; OPENAPI_CHECK_LOG=<file> appends each
 * mismatch and each test file's count of checked answers to that file (JSON lines).
 */

type Check = { template: string; method: string; status: number; problem: string | null };

const pending: string[] = [];
let checked = 0;
let failures = 0;
const reportOnly = process.env.OPENAPI_CHECK === "report";
const log = process.env.OPENAPI_CHECK_LOG;

function record(entry: Record<string, unknown>) {
  if (log) appendFileSync(log, `${JSON.stringify(entry)}\n`);
}

/** The documented template a request to a catch-all route answers for (e.g. /api/auth/csrf). */
function catchAllTemplate(prefix: string, pathname: string, method: string): string | null {
  for (const [template, item] of Object.entries(API_PATHS)) {
    if (!template.startsWith(`${prefix}/`) || !item[method.toLowerCase() as "get"]) continue;
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(pathname)) return template;
  }
  return null;
}

function isZod(schema: unknown): schema is z.ZodType {
  return typeof (schema as { safeParse?: unknown } | null)?.safeParse === "function";
}

/** Fields of the answer the schema does not name (zod drops them while parsing: absent from `parsed`). */
function extraFields(answer: unknown, parsed: unknown, at = ""): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed))
    return answer.flatMap((item, index) => extraFields(item, parsed[index], `${at}[${index}]`));
  if (!answer || !parsed || typeof answer !== "object" || typeof parsed !== "object") return [];
  const extra: string[] = [];
  for (const [key, value] of Object.entries(answer)) {
    if (!(key in parsed)) extra.push(`${at}.${key}`);
    else extra.push(...extraFields(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`));
  }
  return extra;
}

function mediaFor(content: Record<string, unknown>, type: string): string | null {
  if (type in content) return type;
  const [major] = type.split("/");
  if (`${major}/*` in content) return `${major}/*`;
  return "*/*" in content ? "*/*" : null;
}

/** What is wrong with an answer, or null when the document describes it. */
export async function problemWith(template: string, method: string, response: Response): Promise<string | null> {
  const operation = API_PATHS[template]?.[method.toLowerCase() as "get"] as ZodOpenApiOperationObject | undefined;
  if (!operation) return "the operation is not described";
  const status = String(response.status);
  const described = (operation.responses[status as "200"] ?? operation.responses.default) as
    ZodOpenApiResponseObject | undefined;
  if (!described) return `status ${status} is not described`;
  if (response.status === 304 || response.status === 204 || (response.status >= 300 && response.status < 400))
    return null;
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const content = (described.content ?? {}) as Record<string, { schema?: unknown }>;
  if (!type) return Object.keys(content).length ? "the answer has no Content-Type" : null;
  const media = mediaFor(content, type);
  if (!media) return `Content-Type ${type} is not described for status ${status}`;
  if (!/[/+]json$/.test(type)) return null;
  const schema = content[media]?.schema;
  if (!isZod(schema)) return null;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "the body is not JSON";
  }
  const result = schema.safeParse(body);
  if (!result.success)
    return `the body does not match: ${result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ")} — body: ${text.slice(0, 300)}`;
  const extra = extraFields(body, result.data);
  return extra.length ? `fields not described: ${extra.slice(0, 10).join(", ")}` : null;
}

/**
 * The one exception: next-auth's catch-all answers many actions the site does not use (its pages,
 * unknown actions), which tests call to see them refused. The document describes the endpoints
 * that are used; for any other action only a refusal's body is checked: the common error body.
 */
async function problemWithOtherAction(response: Response): Promise<string | null> {
  if (response.status < 400) return null;
  const text = await response.clone().text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: refused below.
  }
  return errorBody.safeParse(body).success ? null : `a refusal without the common error body: ${text.slice(0, 200)}`;
}

export async function checkAnswer(route: RouteFile, method: string, request: NextRequest, response: Response) {
  const described = route.catchAll
    ? catchAllTemplate(route.catchAll, request.nextUrl.pathname, method)
    : route.template;
  const template = described ?? request.nextUrl.pathname;
  const problem = await (described ? problemWith(template, method, response) : problemWithOtherAction(response)).catch(
    (error: unknown) => `the check failed: ${String(error)}`,
  );
  checked++;
  const check: Check = { template, method, status: response.status, problem };
  if (!check.problem) return;
  const line = `${method} ${template} → ${check.status}: ${check.problem}`;
  const test = expect.getState().currentTestName ?? "(outside a test)";
  record({ kind: "mismatch", file: expect.getState().testPath, test, template, method, status: check.status, problem });
  if (reportOnly || isLenient(template)) return;
  if (!pending.includes(line)) pending.push(line);
}

type Handler = (request: NextRequest, context: unknown) => Promise<Response> | Response;
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"];

/** Wraps every route module's handlers where tests import them, and fails a test on a mismatch. */
export function installAnswerChecks() {
  for (const route of routeFiles())
    vi.doMock(route.module, async (importOriginal) => {
      const original = await importOriginal<Record<string, unknown>>();
      const wrapped: Record<string, unknown> = { ...original };
      for (const method of METHODS) {
        const handler = original[method] as Handler | undefined;
        // Present though undefined: a mocked module throws on reading a name it lacks, and tests
        // look for the methods a route exports (typeof module.PUT === "function").
        if (typeof handler !== "function") {
          wrapped[method] = undefined;
          continue;
        }
        wrapped[method] = async (request: NextRequest, context: unknown) => {
          const response = await handler(request, context);
          await checkAnswer(route, method, request, response);
          return response;
        };
      }
      return wrapped;
    });

  afterEach(() => {
    if (!pending.length) return;
    const lines = pending.splice(0);
    failures += lines.length;
    throw new Error(`Answers the OpenAPI document does not describe (openapi.ts):\n${lines.join("\n")}`);
  });

  afterAll(() => {
    record({ kind: "file", file: expect.getState().testPath, checked, failures });
    if (pending.length)
      throw new Error(`Answers the OpenAPI document does not describe (openapi.ts):\n${pending.splice(0).join("\n")}`);
  });
}
