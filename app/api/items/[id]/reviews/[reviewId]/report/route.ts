import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { reportReview } from "@/features/reviews/server/moderation";
import { handle, json, readJson, translated } from "@/lib/http/answers";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string; reviewId: string }> }) {
  return handle(request, async () => {
    const { id, reviewId } = await params;
    const { message } = await reportReview(await getViewer(), id, reviewId, await readJson(request));
    return json({ message: translated(request, message) }, { status: 201 });
  });
}
