import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { adminCloseRequest } from "@/features/requests/server/admin-requests";
import { handle, json, readJson } from "@/lib/http/answers";

/** An admin closes the request with a reason ({ reason }). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await adminCloseRequest(await getViewer(), id, await readJson(request)));
  });
}
