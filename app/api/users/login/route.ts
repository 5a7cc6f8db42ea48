import type { NextRequest } from "next/server";

import { accountState, signIn } from "@/features/accounts/server/accounts";
import { sessionCookie } from "@/features/accounts/server/session";
import { clientIp, handle, json, readJson } from "@/lib/http/answers";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { user, session } = await signIn(
      await readJson(request),
      clientIp(request),
      request.headers.get("user-agent"),
    );
    const response = json({ user, ...(await accountState(user._id)) });
    response.cookies.set(sessionCookie(session));
    return response;
  });
}
