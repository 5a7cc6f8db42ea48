import type { NextRequest } from "next/server";

import { listServiceLocations } from "@/features/map/server/map";
import { parseViewport } from "@/features/map/viewport";
import { handle, json } from "@/lib/http/answers";
import { BadRequestError } from "@/lib/http/errors";

/** ?bbox=west,south,east,north&zoom=z → { services, clusters, total }; no parameters → the whole map. */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const viewport = parseViewport(request.nextUrl.searchParams);
    if (!viewport) throw new BadRequestError({ bbox: "Validation.viewport" });
    return json(await listServiceLocations(viewport), { maxAge: 30 });
  });
}
