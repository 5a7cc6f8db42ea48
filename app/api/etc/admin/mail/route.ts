import type { NextRequest } from "next/server";
import { listFailedMail } from "@/lib/server/admin-inbox";
import { handle, json } from "@/lib/server/http";
import { getViewer } from "@/lib/server/session";

/** Mail that could not be delivered. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json({ items: await listFailedMail(await getViewer()) }));
}
