import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { listSecurityEvents } from "@/features/admin/server/security-events";
import { handle, json } from "@/lib/http/answers";

/** The security log, newest first: ?kind&account&ip&from&to&page, admins only. */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const { events, page, pages } = await listSecurityEvents(
      await getViewer(),
      Object.fromEntries(request.nextUrl.searchParams),
    );
    return json({ events, page, pages });
  });
}
