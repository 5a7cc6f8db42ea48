import type { NextRequest } from "next/server";

import { recordEvent } from "@/features/stats/server/service-stats";
import { clientIp, handle, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

/** Sent by navigator.sendBeacon from the pages; nothing to answer. */
export async function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    await recordEvent(id, await readJson(request), {
      address: clientIp(request),
      userAgent: request.headers.get("user-agent") ?? "",
    });
    return new Response(null, { status: 204 });
  });
}
