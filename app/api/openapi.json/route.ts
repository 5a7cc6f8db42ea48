import { openApiDocument } from "@/openapi";

/**
 * The OpenAPI 3.1 document of the API (openapi.ts), public. It changes only with a deploy, so
 * browsers and proxies may keep it an hour (and serve it stale while they ask again).
 */
export function GET(): Response {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400" },
  });
}
