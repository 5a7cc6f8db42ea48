import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { confirmHours } from "@/lib/server/hours-freshness";
import { getViewer } from "@/lib/server/session";

type Context = { params: Promise<{ id: string }> };

export async function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await confirmHours(await getViewer(), (await params).id)));
}
