import type { NextRequest } from "next/server";
import { markFeedback } from "@/lib/server/admin-inbox";
import { handle, json, readJson } from "@/lib/server/http";
import { getViewer } from "@/lib/server/session";

/** { read: true | false } */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await markFeedback(await getViewer(), (await params).id, await readJson(request))));
}
