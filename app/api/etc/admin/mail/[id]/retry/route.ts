import type { NextRequest } from "next/server";
import { retryMail } from "@/lib/server/admin-inbox";
import { handle, json, translated } from "@/lib/server/http";
import { getViewer } from "@/lib/server/session";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { message } = await retryMail(await getViewer(), (await params).id);
    return json({ message: translated(request, message) });
  });
}
