import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { deleteOwnReview } from "@/features/reviews/server/reviews";
import { handle, json } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string; reviewId: string }> };

export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id, reviewId } = await params;
    await deleteOwnReview(await getViewer(), id, reviewId);
    return json({ deleted: true });
  });
}
