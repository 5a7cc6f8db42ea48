import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { payStation } from "@/features/payments/server/station-checkout";
import { handle, json, readJson } from "@/lib/http/answers";

export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await payStation(await getViewer(), id, await readJson(request)));
  });
}
