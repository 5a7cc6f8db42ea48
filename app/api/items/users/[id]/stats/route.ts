import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { getServiceStats } from "@/lib/server/service-stats";
import { getViewer } from "@/lib/server/session";
import { parseOrThrow } from "@/lib/server/validate";
import { statDaysInput } from "@/lib/validation/service-stats";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const days = parseOrThrow(statDaysInput, request.nextUrl.searchParams.get("days") ?? undefined);
    return json(await getServiceStats(await getViewer(), (await params).id, days));
  });
}
