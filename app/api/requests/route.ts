import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { createRequest } from "@/features/requests/server/create-request";
import { handle, json, readJson, requestLocale } from "@/lib/http/answers";

/** A driver's request for a price and a time to one or several services: 201 { _id }. */
export async function POST(request: NextRequest) {
  return handle(request, async () =>
    json(await createRequest(await getViewer(), await readJson(request), requestLocale(request)), { status: 201 }),
  );
}
