import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { submitFeedback } from "@/features/feedback/server/feedback";
import { clientIp, handle, json, readJson, translated } from "@/lib/http/answers";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await submitFeedback(await getViewer(), await readJson(request), clientIp(request));
    return json({ message: translated(request, message) }, { status: 201 });
  });
}
