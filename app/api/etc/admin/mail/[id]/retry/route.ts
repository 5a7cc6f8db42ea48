import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { retryMail } from "@/features/admin/server/inbox";
import { handle, json, translated } from "@/lib/http/answers";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { message } = await retryMail(await getViewer(), (await params).id);
    return json({ message: translated(request, message) });
  });
}
