import type { NextRequest } from "next/server";

import { renewRecoveryCodes } from "@/features/accounts/server/mfa";
import { getViewer } from "@/features/accounts/server/session";
import { handle, json, readJson } from "@/lib/http/answers";

/** { code }: ten new recovery codes, shown this once; the old ones stop working. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await renewRecoveryCodes(await getViewer(), await readJson(request))));
}
