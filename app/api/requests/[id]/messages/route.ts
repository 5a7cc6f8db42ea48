import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getThread, postMessage } from "@/features/requests/server/threads";
import { handle, json, readJson, requestLocale } from "@/lib/http/answers";

/** The thread between the request's driver and one service it went to (?serviceId=), oldest first. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    const query = Object.fromEntries(request.nextUrl.searchParams);
    return json(await getThread(await getViewer(), id, query));
  });
}

/** A message in that thread from the driver or the service's owner: 201 { message, notice }. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await postMessage(await getViewer(), id, await readJson(request), requestLocale(request)), {
      status: 201,
    });
  });
}
