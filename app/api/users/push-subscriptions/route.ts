import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { pushState, subscribe, unsubscribe } from "@/features/notifications/push/server/subscriptions";
import { handle, json, readJson } from "@/lib/http/answers";

/** Whether push is offered, the key to subscribe with, and how many of the viewer's browsers receive it. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await pushState(await getViewer())));
}

/** This browser's subscription (PushSubscription.toJSON()): it receives the viewer's push. */
export async function POST(request: NextRequest) {
  return handle(request, async () =>
    json(await subscribe(await getViewer(), await readJson(request)), { status: 201 }),
  );
}

/** This browser's subscription gone: { endpoint }. */
export async function DELETE(request: NextRequest) {
  return handle(request, async () => json(await unsubscribe(await getViewer(), await readJson(request))));
}
