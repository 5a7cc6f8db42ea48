import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { claimQueue } from "@/features/claims/server/admin-claims";
import { handle, json } from "@/lib/http/answers";

/** The claims queue (?page): claims waiting for an admin first, oldest first. */
export async function GET(request: NextRequest) {
  return handle(request, async () =>
    json(await claimQueue(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))),
  );
}
