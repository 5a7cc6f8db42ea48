import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { clearLiveStatus, setLiveStatus } from "@/features/hours/server/opening-exceptions";
import { handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await setLiveStatus(await getViewer(), id, await readJson(request)));
  });
}

export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await clearLiveStatus(await getViewer(), (await params).id)));
}
