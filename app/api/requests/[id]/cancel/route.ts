import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { cancelRequest } from "@/features/requests/server/cancel-request";
import { handle, json, readJson } from "@/lib/http/answers";

/** The driver, or the chosen service's owner ({ serviceId }), cancels the request with a reason. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await cancelRequest(await getViewer(), id, await readJson(request)));
  });
}
