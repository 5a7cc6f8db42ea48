import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { confirmHours } from "@/features/hours/server/hours-freshness";
import { handle, json } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await confirmHours(await getViewer(), (await params).id)));
}
