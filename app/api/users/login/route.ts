import type { NextRequest } from "next/server";
import { accountState, authenticate } from "@/lib/server/accounts";
import { clientIp, handle, json, readJson } from "@/lib/server/http";
import { createSessionToken, sessionCookie } from "@/lib/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { tokenVersion, ...user } = await authenticate(await readJson(request), clientIp(request));
    const response = json({ user, ...(await accountState(user._id)) });
    response.cookies.set(sessionCookie(await createSessionToken({ ...user, tokenVersion })));
    return response;
  });
}
