import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { suggestServices } from "@/features/requests/server/driver-requests";
import { handle, json } from "@/lib/http/answers";

/** Services near a service (?serviceId) or a point (?lat&lng) that do the job (?job), best first. */
export async function GET(request: NextRequest) {
  return handle(request, async () =>
    json(await suggestServices(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))),
  );
}
