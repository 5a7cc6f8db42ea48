import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { reportHours } from "@/features/hours/server/hours-freshness";
import { clientIp, handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await reportHours(await getViewer(), id, await readJson(request), clientIp(request)), { status: 201 });
  });
}
