import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { requestDetail } from "@/features/requests/server/driver-requests";
import { handle, json } from "@/lib/http/answers";

/** One request with its answers, for its driver or an admin. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await requestDetail(await getViewer(), (await params).id)));
}
