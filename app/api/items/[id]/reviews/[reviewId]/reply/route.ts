import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { replyToReview } from "@/features/reviews/server/reviews";
import { handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string; reviewId: string }> };

function reply(mode: "create" | "update" | "delete", status: number) {
  return (request: NextRequest, { params }: Context) =>
    handle(request, async () => {
      const { id, reviewId } = await params;
      const body = mode === "delete" ? null : await readJson(request);
      return json(await replyToReview(await getViewer(), id, reviewId, body, mode), { status });
    });
}

export const POST = reply("create", 201);
export const PUT = reply("update", 200);
export const DELETE = reply("delete", 200);
