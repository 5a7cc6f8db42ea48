import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { reportQueue } from "@/lib/server/review-moderation";
import { getViewer } from "@/lib/server/session";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await reportQueue(await getViewer(), request.nextUrl.searchParams.get("sort"))));
}
