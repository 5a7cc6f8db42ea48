import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { inbox } from "@/features/requests/server/inbox";
import { handle, json } from "@/lib/http/answers";

/** Requests to the viewer's services (?status=new|all&page), newest first. */
export async function GET(request: NextRequest) {
  return handle(request, async () =>
    json(await inbox(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))),
  );
}
