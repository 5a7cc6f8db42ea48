import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { acceptAnswer } from "@/features/requests/server/accept-answer";
import { handle, json, readJson } from "@/lib/http/answers";

/** The driver accepts one answer ({ answerId }). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await acceptAnswer(await getViewer(), id, await readJson(request)));
  });
}
