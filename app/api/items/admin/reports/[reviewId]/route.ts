import type { NextRequest } from "next/server";
import { handle, json, readJson, translated } from "@/lib/server/http";
import { moderateReview } from "@/lib/server/review-moderation";
import { getViewer } from "@/lib/server/session";

export async function POST(request: NextRequest, { params }: { params: Promise<{ reviewId: string }> }) {
  return handle(request, async () => {
    const { message } = await moderateReview(await getViewer(), (await params).reviewId, await readJson(request));
    return json({ message: translated(request, message) });
  });
}
