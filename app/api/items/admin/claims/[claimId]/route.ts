import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { decideClaim } from "@/features/claims/server/admin-claims";
import { handle, json, readJson, translated } from "@/lib/http/answers";

/** An admin's decision on a claim: { decision: "approve" | "reject", reason }. */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ claimId: string }> }) {
  return handle(request, async () => {
    const { message } = await decideClaim(await getViewer(), (await params).claimId, await readJson(request));
    return json({ message: translated(request, message) });
  });
}
