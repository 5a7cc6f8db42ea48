import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { createStationOrder, updateStationOrder } from "@/features/listings/server/listings";
import { handle, json, readJson } from "@/lib/http/answers";

export async function POST(request: NextRequest) {
  return handle(request, async () =>
    json(await createStationOrder(await getViewer(), await readJson(request)), { status: 201 }),
  );
}

export async function PUT(request: NextRequest) {
  return handle(request, async () => json(await updateStationOrder(await getViewer(), await readJson(request))));
}
