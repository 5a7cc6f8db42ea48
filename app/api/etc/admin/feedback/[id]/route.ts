import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { markFeedback } from "@/features/admin/server/inbox";
import { handle, json, readJson } from "@/lib/http/answers";

/** { read: true | false } */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () =>
    json(await markFeedback(await getViewer(), (await params).id, await readJson(request))),
  );
}
