import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { startPaypalOrder } from "@/features/payments/server/paypal-payments";
import { handle, json, readJson } from "@/lib/http/answers";

/** Creates the PayPal order for { stoId }; the SDK's createOrder callback calls this. */
export async function POST(request: NextRequest) {
  return handle(request, async () =>
    json(await startPaypalOrder(await getViewer(), await readJson(request)), { status: 201 }),
  );
}
