import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { clearBurst } from "@/features/reviews/server/moderation";
import { handle, json, translated } from "@/lib/http/answers";

/** Clears a service's burst flag (its held reviews count again). */
export async function DELETE(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { message } = await clearBurst(await getViewer(), (await params).id);
    return json({ message: translated(request, message) });
  });
}
