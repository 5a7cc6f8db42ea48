import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { deleteOwnReview } from "@/lib/server/reviews";
import { getViewer } from "@/lib/server/session";

type Context = { params: Promise<{ id: string; reviewId: string }> };

export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id, reviewId } = await params;
    await deleteOwnReview(await getViewer(), id, reviewId);
    return json({ deleted: true });
  });
}
