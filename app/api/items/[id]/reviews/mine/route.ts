import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { reviewerView } from "@/features/reviews/server/reviews";
import { handle, json } from "@/lib/http/answers";

/** The viewer's side of a service's reviews, asked by a service page from the page cache (rendered for nobody). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await reviewerView(await getViewer(), id));
  });
}
