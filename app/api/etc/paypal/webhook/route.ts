import type { NextRequest } from "next/server";

import { handlePaypalWebhook } from "@/features/payments/server/paypal-webhook";
import { handle, json, readJson } from "@/lib/http/answers";

/** PayPal's notifications (PAYMENT.CAPTURE.COMPLETED / REFUNDED / REVERSED), verified with PayPal. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await handlePaypalWebhook(request.headers, await readJson(request))));
}
