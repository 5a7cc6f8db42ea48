import type { NextRequest } from "next/server";
import { handle, json, translated } from "@/lib/server/http";
import { clearBurst } from "@/lib/server/review-moderation";
import { getViewer } from "@/lib/server/session";

/** Clears a service's burst flag (its held reviews count again). */
export async function DELETE(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { message } = await clearBurst(await getViewer(), (await params).id);
    return json({ message: translated(request, message) });
  });
}
