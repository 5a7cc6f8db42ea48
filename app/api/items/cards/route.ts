import type { NextRequest } from "next/server";

import { savedCards } from "@/features/saved/server/saved";
import { handle, json } from "@/lib/http/answers";

/** Saved services' status and contacts now, for anyone's Saved list: ?ids=a,b (up to 100). */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await savedCards(request.nextUrl.searchParams.get("ids")), { maxAge: 30 }));
}
