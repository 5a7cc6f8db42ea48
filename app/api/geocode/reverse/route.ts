import type { NextRequest } from "next/server";

import { reverseGeocodeFor } from "@/features/listings/server/geocode";
import { clientIp, handle, json, requestLocale } from "@/lib/http/answers";

export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const sp = request.nextUrl.searchParams;
    const result = await reverseGeocodeFor(clientIp(request), sp.get("lat"), sp.get("lng"), requestLocale(request));
    const response = json(result);
    // The address is in the caller's language (cookie / Accept-Language), so only the browser may
    // keep it; a fallback stands for a passing outage and is not kept at all.
    if (result.source !== "coordinates") response.headers.set("Cache-Control", "private, max-age=3600");
    return response;
  });
}
