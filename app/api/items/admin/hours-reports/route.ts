import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { listHoursReports } from "@/features/hours/server/hours-freshness";
import { handle, json } from "@/lib/http/answers";

export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listHoursReports(await getViewer())));
}
