import type { NextRequest } from "next/server";

import { exportOwnData } from "@/features/accounts/server/profile";
import { getViewer } from "@/features/accounts/server/session";
import { handle } from "@/lib/http/answers";

export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const data = await exportOwnData(await getViewer());
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": 'attachment; filename="maister-account.json"',
        "cache-control": "no-store",
      },
    });
  });
}
