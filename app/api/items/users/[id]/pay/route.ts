import type { NextRequest } from "next/server";
import { handle, json, readJson } from "@/lib/server/http";
import { payStation } from "@/lib/server/payments";
import { getViewer } from "@/lib/server/session";

export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await payStation(await getViewer(), id, await readJson(request)));
  });
}
