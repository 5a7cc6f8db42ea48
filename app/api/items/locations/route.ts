import type { NextRequest } from "next/server";

import { parseItemsQuery } from "@/features/catalog/items-query";
import { listServiceLocations, serviceBounds } from "@/features/map/server/map";
import { parseViewport } from "@/features/map/viewport";
import { handle, json } from "@/lib/http/answers";
import { BadRequestError } from "@/lib/http/errors";

const FIT = new Map([
  ["1", true],
  ["true", true],
  ["0", false],
  ["false", false],
]);

/**
 * ?bbox=west,south,east,north&zoom=z → { services, clusters, total }; no view → the whole map.
 * The list's query parameters (filter, keyword, job, open…) narrow it to the list's question, as
 * GET /api/items reads them; `fit=1` adds the bounds of every service of the question.
 */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const params = request.nextUrl.searchParams;
    const viewport = parseViewport(params);
    const parsed = parseItemsQuery(params);
    const fit = FIT.get(params.get("fit") ?? "0");
    const issues = {
      ...(parsed.ok ? {} : parsed.issues),
      ...(viewport ? {} : { bbox: "Validation.viewport" }),
      ...(fit === undefined ? { fit: "Validation.flag" } : {}),
    };
    if (!viewport || !parsed.ok || Object.keys(issues).length) throw new BadRequestError(issues);
    const now = new Date();
    const [locations, bounds] = await Promise.all([
      listServiceLocations(viewport, parsed.query, now),
      fit ? serviceBounds(parsed.query, now) : undefined,
    ]);
    return json(fit ? { ...locations, bounds } : locations, { maxAge: 30 });
  });
}
