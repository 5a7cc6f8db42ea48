import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { inboxCount } from "@/features/requests/server/inbox";
import { handle, json } from "@/lib/http/answers";

/** How many requests to the viewer's services wait for an answer: { new }. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await inboxCount(await getViewer())));
}
