import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getSpecialHours, replaceSpecialHours } from "@/features/hours/server/opening-exceptions";
import { handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await getSpecialHours(await getViewer(), (await params).id)));
}

export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await replaceSpecialHours(await getViewer(), id, await readJson(request)));
  });
}
