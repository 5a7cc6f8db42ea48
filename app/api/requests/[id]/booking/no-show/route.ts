import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { markNoShow } from "@/features/requests/booking/server/booking";
import { handle, json } from "@/lib/http/answers";

/** Once the agreed slot has started: the other side did not come. No body is read. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await markNoShow(await getViewer(), (await params).id)));
}
