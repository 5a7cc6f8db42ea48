import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/http/answers";
import { listHoursReports } from "@/features/hours/server/hours-freshness";
import { getViewer } from "@/features/accounts/server/session";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listHoursReports(await getViewer())));
}
