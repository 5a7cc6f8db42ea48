import type { NextRequest } from "next/server";
import { parseViewport } from "@/lib/map-viewport";
import { BadRequestError } from "@/lib/server/errors";
import { handle, json } from "@/lib/server/http";
import { listServiceLocations } from "@/lib/server/services/map";

/** ?bbox=west,south,east,north&zoom=z → { services, clusters, total }; no parameters → the whole map. */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const viewport = parseViewport(request.nextUrl.searchParams);
    if (!viewport) throw new BadRequestError({ bbox: "Validation.viewport" });
    return json(await listServiceLocations(viewport), { maxAge: 30 });
  });
}
