import type { NextRequest } from "next/server";

import { confirmPasswordReset } from "@/features/accounts/server/password-reset";
import { sessionCookie } from "@/features/accounts/server/session";
import { handle, json, readJson } from "@/lib/http/answers";

/** { token, password }: every old session ends and this browser is signed in with the new password. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { user, session } = await confirmPasswordReset(await readJson(request), request.headers.get("user-agent"));
    const response = json(user);
    response.cookies.set(sessionCookie(session));
    return response;
  });
}
