import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { listFeedback } from "@/features/admin/server/inbox";
import { handle, json } from "@/lib/http/answers";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listFeedback(await getViewer())));
}
