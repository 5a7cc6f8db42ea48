import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { askOtherTimes } from "@/features/requests/booking/server/booking";
import { handle, json, readJson } from "@/lib/http/answers";

/** The driver asks the shop for other times than those proposed. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await askOtherTimes(await getViewer(), id, await readJson(request)));
  });
}
