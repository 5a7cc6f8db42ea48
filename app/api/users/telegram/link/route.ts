import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { createLinkUrl } from "@/features/notifications/telegram/server/link";
import { handle, json } from "@/lib/http/answers";

/** A one-time t.me link that links the viewer's Telegram chat when they press Start. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await createLinkUrl(await getViewer())));
}
