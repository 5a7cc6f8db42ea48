import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { hiddenReviews, reportQueue } from "@/features/reviews/server/moderation";
import { handle, json } from "@/lib/http/answers";

/** The moderation queue (?sort=reported|newest), or with ?view=hidden the hidden reviews to restore. */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const { searchParams } = request.nextUrl;
    const viewer = await getViewer();
    return json(
      searchParams.get("view") === "hidden"
        ? await hiddenReviews(viewer)
        : await reportQueue(viewer, searchParams.get("sort")),
    );
  });
}
