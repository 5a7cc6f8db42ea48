import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { dismissHoursReports } from "@/lib/server/hours-freshness";
import { getViewer } from "@/lib/server/session";

type Context = { params: Promise<{ id: string }> };

/** Resolves the open hours reports of the service `id`. */
export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await dismissHoursReports(await getViewer(), (await params).id)));
}
