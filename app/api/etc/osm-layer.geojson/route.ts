import { NextResponse, type NextRequest } from "next/server";

import { osmLayerStream, osmLayerVersion } from "@/features/osm/server/layer";
import { handle } from "@/lib/http/answers";

/** Kept by browsers and proxies for ten minutes; after that a conditional request costs one count. */
const CACHE = "public, max-age=600, stale-while-revalidate=3600";

/** The imported OpenStreetMap places as GeoJSON, under the ODbL with OSM's attribution. */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const etag = await osmLayerVersion();
    const headers = { ETag: etag, "Cache-Control": CACHE, Vary: "Accept-Encoding" };
    if (request.headers.get("if-none-match") === etag) return new NextResponse(null, { status: 304, headers });
    return new NextResponse(osmLayerStream(), {
      headers: { ...headers, "Content-Type": "application/geo+json; charset=utf-8" },
    });
  });
}
