import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { resolveDispute } from "@/features/requests/job/server/admin-disputes";
import { handle, json, readJson } from "@/lib/http/answers";

/** An admin resolves a disputed job ({ outcome, note }). */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await resolveDispute(await getViewer(), id, await readJson(request)));
  });
}
