import type { NextRequest } from "next/server";

import { handleTelegramWebhook } from "@/features/notifications/telegram/server/webhook";
import { handle, json, readCapped } from "@/lib/http/answers";

/** A text message's update is a few kilobytes (4,096 characters of text at most); more is no update of ours. */
const MAX_UPDATE_BYTES = 64 * 1024;

/** The Telegram bot's updates (setWebhook): checked against the secret token before the body is parsed. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const raw = await readCapped(request, MAX_UPDATE_BYTES, "Validation.tooLarge");
    return json(await handleTelegramWebhook(raw, request.headers));
  });
}
