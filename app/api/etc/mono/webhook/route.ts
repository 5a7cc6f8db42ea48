import type { NextRequest } from "next/server";

import { handleMonoWebhook } from "@/features/payments/server/monobank-webhook";
import { handle, json, readCapped } from "@/lib/http/answers";

/** An invoice's state is a few hundred bytes; anything this large is no notification of monobank's. */
const MAX_WEBHOOK_BYTES = 16 * 1024;

/**
 * monobank's notifications of an invoice's state. The body is read as raw text: X-Sign signs its
 * exact bytes, so it is verified before it is parsed.
 */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    // The bytes as they came: decoding them first would turn invalid UTF-8 into other bytes than signed.
    const raw = await readCapped(request, MAX_WEBHOOK_BYTES, "Validation.tooLarge");
    return json(await handleMonoWebhook(raw, request.headers));
  });
}
