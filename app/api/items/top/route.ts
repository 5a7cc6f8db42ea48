import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/http/answers";
import { listTopServices } from "@/features/catalog/server/list";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listTopServices(), { maxAge: 30 }));
}
