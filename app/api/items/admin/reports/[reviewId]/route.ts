import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { moderateReview } from "@/features/reviews/server/moderation";
import { handle, json, readJson, translated } from "@/lib/http/answers";

export async function POST(request: NextRequest, { params }: { params: Promise<{ reviewId: string }> }) {
  return handle(request, async () => {
    const { message } = await moderateReview(await getViewer(), (await params).reviewId, await readJson(request));
    return json({ message: translated(request, message) });
  });
}
