import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { listOsmLinks } from "@/features/osm/server/admin-osm";
import { handle, json } from "@/lib/http/answers";

/** Imported places linked to an owner's listing, or separated by an admin. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listOsmLinks(await getViewer())));
}
