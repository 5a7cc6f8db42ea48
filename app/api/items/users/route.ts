import type { NextRequest } from "next/server";
import { handle, json, readJson } from "@/lib/http/answers";
import { registerMechanic } from "@/features/listings/server/listings";
import { getViewer } from "@/features/accounts/server/session";

/** Registers the viewer as a master. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await registerMechanic(await getViewer(), await readJson(request)), { status: 201 }));
}
