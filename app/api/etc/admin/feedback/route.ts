import type { NextRequest } from "next/server";
import { listFeedback } from "@/lib/server/admin-inbox";
import { handle, json } from "@/lib/server/http";
import { getViewer } from "@/lib/server/session";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listFeedback(await getViewer())));
}
