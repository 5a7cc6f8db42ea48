import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { lastRunForAdmin, startImportNow } from "@/features/osm/server/admin-osm";
import { handle, json } from "@/lib/http/answers";

/** Starts an OpenStreetMap import now: 202 with the run's id at once, the run goes on in the background. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await startImportNow(await getViewer()), { status: 202 }));
}

/** The last import run, for the admin area. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await lastRunForAdmin(await getViewer())));
}
