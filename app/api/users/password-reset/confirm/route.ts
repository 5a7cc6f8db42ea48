import type { NextRequest } from "next/server";

import { confirmPasswordReset } from "@/features/accounts/server/password-reset";
import { startSession } from "@/features/accounts/server/session";
import { handle, json, readJson } from "@/lib/http/answers";

/**
 * { token, password }: every old session ends and this browser is signed in with the new password;
 * with the second factor on it is not, and signs in with the password and a code (mfaRequired).
 */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { user, session } = await confirmPasswordReset(await readJson(request), request.headers.get("user-agent"));
    if (!session) return json({ ...user, mfaRequired: true });
    const response = json(user);
    await startSession(request, response, session);
    return response;
  });
}
