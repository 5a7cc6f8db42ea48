import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { proposeExtra } from "@/features/requests/job/server/job";
import { handle, json, readJson } from "@/lib/http/answers";

/** The chosen shop proposes extra work ({ description, price }): 201 { _id }. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await proposeExtra(await getViewer(), id, await readJson(request)), { status: 201 });
  });
}
