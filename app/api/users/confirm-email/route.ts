import type { NextRequest } from "next/server";
import { confirmEmail } from "@/lib/server/accounts";
import { handle, json } from "@/lib/server/http";
import { createSessionToken, sessionCookie } from "@/lib/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { tokenVersion, ...user } = await confirmEmail(request.nextUrl.searchParams.get("token"));
    const response = json(user);
    response.cookies.set(sessionCookie(await createSessionToken({ ...user, tokenVersion })));
    return response;
  });
}
