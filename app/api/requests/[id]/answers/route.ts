import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { answerRequest } from "@/features/requests/server/answer-request";
import { handle, json, readJson } from "@/lib/http/answers";

/** A service's answer to the request (a price and a time, or a decline): 201 { _id }. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await answerRequest(await getViewer(), id, await readJson(request)), { status: 201 });
  });
}
