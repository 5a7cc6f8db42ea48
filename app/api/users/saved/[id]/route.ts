import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { removeSaved } from "@/features/saved/server/saved";
import { handle, json } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

/** One service off the signed-in person's Saved list. */
export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await removeSaved(await getViewer(), (await params).id)));
}
