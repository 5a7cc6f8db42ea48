import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { exportOwnData } from "@/features/my-account/server/profile";
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
