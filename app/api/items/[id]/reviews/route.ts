import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { upsertReview } from "@/features/reviews/server/reviews";
import { clientIp, handle, json, readJson } from "@/lib/http/answers";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    const viewer = await getViewer();
    return json(await upsertReview(viewer, id, await readJson(request), clientIp(request)), { status: 201 });
  });
}
