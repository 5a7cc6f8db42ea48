import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { dismissHoursReports } from "@/features/hours/server/hours-freshness";
import { handle, json } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

/** Resolves the open hours reports of the service `id`. */
export async function DELETE(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await dismissHoursReports(await getViewer(), (await params).id)));
}
