import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { deleteOwnService, getOwnService, updateOwnService } from "@/features/listings/server/listings";
import { handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await getOwnService(await getViewer(), (await params).id)));
}

export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await updateOwnService(await getViewer(), id, await readJson(request)));
  });
}

export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await deleteOwnService(await getViewer(), (await params).id)));
}
