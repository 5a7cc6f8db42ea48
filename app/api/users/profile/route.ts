import type { NextRequest } from "next/server";

import {
  clearedSessionCookie,
  getViewer,
  SESSION_COOKIE,
  sessionCookie,
  sessionView,
} from "@/features/accounts/server/session";
import { signedInHintCookie } from "@/features/accounts/session-cookie";
import { deleteOwnAccount, updateProfile } from "@/features/my-account/server/profile";
import { handle, json, readJson, requestLocale, translated } from "@/lib/http/answers";

/**
 * Who is signed in, as the page's client side may know it: asked by a page from the page cache,
 * which was rendered for nobody. A cookie of a session that has ended is cleared with its hint.
 */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const viewer = sessionView(await getViewer());
    const response = json({ viewer });
    if (!viewer && request.cookies.has(SESSION_COOKIE)) {
      response.cookies.set(clearedSessionCookie());
      response.cookies.set(signedInHintCookie(false));
    }
    return response;
  });
}

export async function PUT(request: NextRequest) {
  return handle(request, async () => {
    const { user, session, emailPending } = await updateProfile(
      await getViewer(),
      await readJson(request),
      request.headers.get("user-agent"),
      requestLocale(request),
    );
    const response = json({
      ...user,
      emailPending,
      message: translated(request, emailPending ? "Profile.emailPending" : "Profile.updated"),
    });
    // A new password ended every session; this browser carries on with a new one.
    if (session) response.cookies.set(sessionCookie(session));
    return response;
  });
}

export async function DELETE(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await deleteOwnAccount(await getViewer(), await readJson(request));
    const response = json({ message: translated(request, message) });
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
