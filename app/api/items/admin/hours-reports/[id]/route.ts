import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/http/answers";
import { dismissHoursReports } from "@/features/hours/server/hours-freshness";
import { getViewer } from "@/features/accounts/server/session";

type Context = { params: Promise<{ id: string }> };

/** Resolves the open hours reports of the service `id`. */
export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await dismissHoursReports(await getViewer(), (await params).id)));
}
