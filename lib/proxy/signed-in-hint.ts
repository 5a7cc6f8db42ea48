import type { NextRequest, NextResponse } from "next/server";

import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, signedInHintCookie } from "@/features/accounts/session-cookie";

/** Keeps the signed-in hint (features/accounts/session-cookie.ts) in step with the session cookie, on a page's answer, before the page's script reads it. */
export function withSignedInHint(request: NextRequest, response: NextResponse): NextResponse {
  const session = request.cookies.has(SESSION_COOKIE);
  if (session !== request.cookies.has(SIGNED_IN_HINT_COOKIE)) response.cookies.set(signedInHintCookie(session));
  return response;
}
