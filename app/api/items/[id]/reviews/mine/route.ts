import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/http/answers";
import { reviewerView } from "@/features/reviews/server/reviews";
import { getViewer } from "@/features/accounts/server/session";

/** The viewer's side of a service's reviews, asked by a service page from the page cache (rendered for nobody). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await reviewerView(await getViewer(), id));
  });
}
