import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { adminRequests } from "@/features/requests/server/admin-requests";
import { handle, json } from "@/lib/http/answers";

/** Every request (?status&page), newest first. */
export async function GET(request: NextRequest) {
  return handle(request, async () =>
    json(await adminRequests(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))),
  );
}
