import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { linkState, unlink } from "@/features/notifications/telegram/server/link";
import { handle, json } from "@/lib/http/answers";

/** Whether the viewer's account has a Telegram chat linked (the settings poll it while linking). */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await linkState(await getViewer())));
}

/** The chat unlinked: nothing more is sent there. */
export async function DELETE(request: NextRequest) {
  return handle(request, async () => json(await unlink(await getViewer())));
}
