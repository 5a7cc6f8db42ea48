import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { notifySampleRequest } from "@/features/requests/server/sample-notification";
import { handle, json } from "@/lib/http/answers";
import { BadRequestError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/request-locale";

/** Development and the end-to-end server only: the viewer is told of a made-up new request, as at `?at=`. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const at = request.nextUrl.searchParams.get("at");
    const now = at === null ? new Date() : new Date(at);
    if (Number.isNaN(now.getTime())) throw new BadRequestError({ at: "Validation.invalid" });
    return json(await notifySampleRequest(await getViewer(), requestLocale(request), now));
  });
}
