import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { startMonoInvoice } from "@/features/payments/server/monobank-invoice";
import { handle, json, readJson, requestLocale } from "@/lib/http/answers";

/** A monobank invoice for { stoId }: the card button sends the browser to its pageUrl. */
export async function POST(request: NextRequest) {
  return handle(request, async () =>
    json(await startMonoInvoice(await getViewer(), await readJson(request), requestLocale(request)), { status: 201 }),
  );
}
