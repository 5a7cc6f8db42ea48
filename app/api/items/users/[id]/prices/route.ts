import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getOwnPrices, replacePrices } from "@/features/prices/server/prices";
import { handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await getOwnPrices(await getViewer(), (await params).id)));
}

export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await replacePrices(await getViewer(), id, await readJson(request)));
  });
}
