import type { NextRequest } from "next/server";
import { handle, json, readJson } from "@/lib/server/http";
import { upsertReview } from "@/lib/server/reviews";
import { getViewer } from "@/lib/server/session";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    const viewer = await getViewer();
    return json(await upsertReview(viewer, id, await readJson(request)), { status: 201 });
  });
}
