import type { NextRequest, NextResponse } from "next/server";

import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, signedInHintCookie } from "@/features/accounts/session-cookie";

/**
 * Says on a page's answer that it was rendered for nobody: asked for without a session cookie, or
 * taken from the page cache (rendered for everyone). The service worker keeps only such pages
 * (public/sw.js): a page rendered for a signed-in person shows them, and would show them offline
 * to whoever holds the device after their session ended elsewhere.
 */
export const RENDERED_FOR_HEADER = "x-maister-rendered-for";

/** Keeps the signed-in hint (features/accounts/session-cookie.ts) in step with the session cookie, on a page's answer, before the page's script reads it. */
export function withSignedInHint(request: NextRequest, response: NextResponse): NextResponse {
  const session = request.cookies.has(SESSION_COOKIE);
  if (session !== request.cookies.has(SIGNED_IN_HINT_COOKIE)) response.cookies.set(signedInHintCookie(session));
  if (!session || response.headers.has("x-page-cache")) response.headers.set(RENDERED_FOR_HEADER, "nobody");
  return response;
}
