import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getServiceStats } from "@/features/stats/server/service-stats";
import { handle, json } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () =>
    json(
      await getServiceStats(
        await getViewer(),
        (await params).id,
        request.nextUrl.searchParams.get("days") ?? undefined,
      ),
    ),
  );
}
