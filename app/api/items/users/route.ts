import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { registerMechanic } from "@/features/listings/server/listings";
import { handle, json, readJson } from "@/lib/http/answers";

/** Registers the viewer as a master. */
export async function POST(request: NextRequest) {
  return handle(request, async () =>
    json(await registerMechanic(await getViewer(), await readJson(request)), { status: 201 }),
  );
}
