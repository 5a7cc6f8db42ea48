import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { listTopServices } from "@/lib/server/services/list";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listTopServices(), { maxAge: 30 }));
}
