import type { NextRequest } from "next/server";
import { markFeedback } from "@/features/admin/server/inbox";
import { handle, json, readJson } from "@/lib/http/answers";
import { getViewer } from "@/features/accounts/server/session";

/** { read: true | false } */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await markFeedback(await getViewer(), (await params).id, await readJson(request))));
}
