import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { adminDisputes } from "@/features/requests/job/server/admin-disputes";
import { handle, json } from "@/lib/http/answers";

/** For admins: the disputed jobs no admin has resolved yet, oldest first. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await adminDisputes(await getViewer())));
}
