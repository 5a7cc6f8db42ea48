import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { reviewerView } from "@/lib/server/reviews";
import { getViewer } from "@/lib/server/session";

/** The viewer's side of a service's reviews, asked by a service page from the page cache (rendered for nobody). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await reviewerView(await getViewer(), id));
  });
}
