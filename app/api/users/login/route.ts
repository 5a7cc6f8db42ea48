import type { NextRequest } from "next/server";

import { accountState, signIn } from "@/features/accounts/server/accounts";
import { startSession } from "@/features/accounts/server/session";
import { mfaChallengeCookie } from "@/features/accounts/session-cookie";
import { clientIp, handle, json, readJson } from "@/lib/http/answers";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const signedIn = await signIn(await readJson(request), clientIp(request), request.headers.get("user-agent"));
    // The second factor is on: no session yet, the code goes to POST /api/users/login/totp.
    if ("challenge" in signedIn) {
      const response = json({ mfaRequired: true });
      response.cookies.set(mfaChallengeCookie(signedIn.challenge));
      return response;
    }
    const { user, session } = signedIn;
    const response = json({ user, ...(await accountState(user._id)) });
    await startSession(request, response, session);
    return response;
  });
}
