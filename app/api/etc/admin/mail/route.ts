import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { listFailedMail } from "@/features/admin/server/inbox";
import { handle, json } from "@/lib/http/answers";

/** Mail that could not be delivered. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json({ items: await listFailedMail(await getViewer()) }));
}
