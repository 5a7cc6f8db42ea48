import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { toggleServiceBlock } from "@/features/admin/server/admin";
import { handle, json, translated } from "@/lib/http/answers";

export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { isBlocked, message } = await toggleServiceBlock(await getViewer(), (await params).id);
    return json({ isBlocked, message: translated(request, message) });
  });
}
