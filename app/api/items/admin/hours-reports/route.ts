import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { listHoursReports } from "@/lib/server/hours-freshness";
import { getViewer } from "@/lib/server/session";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listHoursReports(await getViewer())));
}
