import type { NextRequest } from "next/server";

import { accountState } from "@/features/accounts/server/accounts";
import { completeSignIn } from "@/features/accounts/server/mfa";
import { startSession } from "@/features/accounts/server/session";
import { MFA_CHALLENGE_COOKIE, mfaChallengeCookie } from "@/features/accounts/session-cookie";
import { clientIp, handle, json, readJson } from "@/lib/http/answers";

/** The sign-in's second step: { code } or { recoveryCode } with the challenge cookie; answers as login does. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { user, session } = await completeSignIn(
      request.cookies.get(MFA_CHALLENGE_COOKIE)?.value,
      await readJson(request),
      clientIp(request),
      request.headers.get("user-agent"),
    );
    const response = json({ user, ...(await accountState(user._id)) });
    response.cookies.set(mfaChallengeCookie(null));
    await startSession(request, response, session);
    return response;
  });
}
