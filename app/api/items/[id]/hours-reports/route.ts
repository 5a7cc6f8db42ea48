import type { NextRequest } from "next/server";
import { clientIp, handle, json, readJson } from "@/lib/server/http";
import { reportHours } from "@/lib/server/hours-freshness";
import { getViewer } from "@/lib/server/session";

type Context = { params: Promise<{ id: string }> };

export async function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await reportHours(await getViewer(), id, await readJson(request), clientIp(request)), { status: 201 });
  });
}
