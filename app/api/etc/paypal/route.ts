import type { NextRequest } from "next/server";

import { paymentClientConfig } from "@/features/payments/server/station-checkout";
import { handle, json } from "@/lib/http/answers";

/** The public PayPal client id (and whether the test payment is on) for the checkout page. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(paymentClientConfig()));
}
