import type { NextRequest } from "next/server";

import { clearedSessionCookie, endSession, SESSION_COOKIE } from "@/features/accounts/server/session";
import { handle, json } from "@/lib/http/answers";

/** Deletes the session itself, so a copy of the cookie is worth nothing afterwards. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    await endSession(request.cookies.get(SESSION_COOKIE)?.value);
    const response = json({ message: "ok" });
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
