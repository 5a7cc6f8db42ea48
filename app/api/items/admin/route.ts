import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { listServicesForAdmin } from "@/features/admin/server/admin";
import { handle, json } from "@/lib/http/answers";

/** Admin list: ?keyword&page → { stos, page, pages }, unpaid and blocked services included. */
export async function GET(request: NextRequest) {
  return handle(request, async () =>
    json(await listServicesForAdmin(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))),
  );
}
