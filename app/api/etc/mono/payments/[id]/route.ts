import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { monoPaymentOutcome } from "@/features/payments/server/monobank-invoice";
import { handle, json } from "@/lib/http/answers";

/** What became of a card payment through monobank: the result page asks until it is settled. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await monoPaymentOutcome(await getViewer(), id));
  });
}
