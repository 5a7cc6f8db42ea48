import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { listServiceLocations } from "@/lib/server/services";

export async function GET(request: NextRequest) {
  return handle(request, async () => json({ services: await listServiceLocations() }, { maxAge: 30 }));
}
