import type { NextRequest } from "next/server";
import { handle, json, readJson } from "@/lib/server/http";
import { createStationOrder, updateStationOrder } from "@/lib/server/listings";
import { getViewer } from "@/lib/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => json(await createStationOrder(await getViewer(), await readJson(request)), { status: 201 }));
}

export async function PUT(request: NextRequest) {
  return handle(request, async () => json(await updateStationOrder(await getViewer(), await readJson(request))));
}
