import type { NextRequest } from "next/server";

import { listTopServices } from "@/features/catalog/server/list";
import { handle, json } from "@/lib/http/answers";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listTopServices(), { maxAge: 30 }));
}
