import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { myRequests } from "@/features/requests/server/driver-requests";
import { handle, json } from "@/lib/http/answers";

/** The signed-in driver's requests with their answers, newest first. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await myRequests(await getViewer())));
}
