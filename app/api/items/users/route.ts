import type { NextRequest } from "next/server";
import { handle, json, readJson } from "@/lib/server/http";
import { registerMechanic } from "@/lib/server/listings";
import { getViewer } from "@/lib/server/session";

/** Registers the viewer as a master. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await registerMechanic(await getViewer(), await readJson(request)), { status: 201 }));
}
