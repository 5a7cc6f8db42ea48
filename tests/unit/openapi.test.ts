import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";

import { GET } from "@/app/api/openapi.json/route";
import { API_PATHS, mergePaths, openApiDocument } from "@/openapi";
import { isLenient, routeFiles } from "@/tests/helpers/api-routes";

/**
 * The OpenAPI document (openapi.ts): valid OpenAPI 3.1 by an independent validator, and complete:
 * every route handler under app/api and each method it exports is described. That its answers
 * are right is checked on every answer the integration tests receive (tests/helpers/openapi-check.ts).
 */

/** Routes whose 503 is their own answer (which check failed), not an error body. */
const HEALTH = new Set(["/api/health", "/api/readyz"]);

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;

/** The methods a route file exports (`export async function GET`, `export function POST`, `export const PUT =`). */
function exportedMethods(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return METHODS.filter((method) =>
    new RegExp(`export\\s+(?:async\\s+)?(?:function\\s+${method}\\b|const\\s+${method}\\b)`).test(source),
  );
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every route handler under app/api and each method it exports", () => {
    const documented = openApiDocument().paths ?? {};
    const missing: string[] = [];
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const { file, template, catchAll } of files) {
      const methods = exportedMethods(file);
      expect(methods.length, `${file} exports no method`).toBeGreaterThan(0);
      for (const method of methods) {
        const key = method.toLowerCase() as "get";
        // next-auth's catch-all is described as the endpoints it answers under its prefix.
        const found = catchAll
          ? Object.entries(documented).some(([path, item]) => path.startsWith(`${catchAll}/`) && item?.[key])
          : Boolean(documented[template]?.[key]);
        if (!found && !isLenient(template)) missing.push(`${method} ${template}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("describes no route that does not exist", () => {
    const files = routeFiles();
    const stray = Object.keys(API_PATHS).filter(
      (path) =>
        !files.some(({ template, catchAll }) => template === path || (catchAll && path.startsWith(`${catchAll}/`))),
    );
    expect(stray).toEqual([]);
  });

  it("names the answers of every operation, errors with the common error body", () => {
    const document = openApiDocument();
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (
          operation as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }
        ).responses;
        expect(Object.keys(responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, answer] of Object.entries(responses ?? {}))
          // The health checks answer 503 with their own body (what is not ready); next-auth's
          // sign-in refuses credentials with its own JSON, which its clients read.
          if (
            Number(status) >= 400 &&
            !(status === "503" && HEALTH.has(path)) &&
            !(status === "401" && path === "/api/auth/callback/credentials")
          )
            // The common body itself, or a body that is one (e.g. with the tries left on a code).
            expect(
              JSON.stringify(answer.content?.["application/json"]?.schema),
              `${method} ${path} ${status}`,
            ).toContain('"#/components/schemas/Error"');
      }
  });

  it("refuses a method described twice", () => {
    const twice = { "/api/x": { get: { responses: {} } } };
    expect(() => mergePaths([twice, twice])).toThrow("GET /api/x is described twice");
  });

  it("is served at /api/openapi.json, public and cached", async () => {
    const response = GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const served = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(served.openapi).toBe("3.1.0");
    expect(Object.keys(served.paths)).toContain("/api/openapi.json");
  });
});
