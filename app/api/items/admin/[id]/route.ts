import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { deleteServiceAsAdmin, getServiceForAdmin, updateServiceAsAdmin } from "@/features/admin/server/admin";
import { handle, json, readJson, translated } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await getServiceForAdmin(await getViewer(), (await params).id)));
}

export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await updateServiceAsAdmin(await getViewer(), id, await readJson(request)));
  });
}

export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { message } = await deleteServiceAsAdmin(await getViewer(), (await params).id);
    return json({ message: translated(request, message) });
  });
}
