import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { decideExtra } from "@/features/requests/job/server/job";
import { handle, json, readJson } from "@/lib/http/answers";

/** The driver approves or declines proposed extra work ({ decision }). */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string; extraId: string }> }) {
  return handle(request, async () => {
    const { id, extraId } = await params;
    return json(await decideExtra(await getViewer(), id, extraId, await readJson(request)));
  });
}
