import type { NextRequest } from "next/server";
import { accountState, signIn } from "@/lib/server/accounts";
import { clientIp, handle, json, readJson } from "@/lib/server/http";
import { sessionCookie } from "@/lib/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { user, session } = await signIn(await readJson(request), clientIp(request), request.headers.get("user-agent"));
    const response = json({ user, ...(await accountState(user._id)) });
    response.cookies.set(sessionCookie(session));
    return response;
  });
}
