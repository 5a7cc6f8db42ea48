import type { NextRequest } from "next/server";
import { handle, json, readJson, translated } from "@/lib/server/http";
import { deleteOwnAccount, updateProfile } from "@/lib/server/profile";
import { clearedSessionCookie, getViewer, sessionCookie } from "@/lib/server/session";

export async function PUT(request: NextRequest) {
  return handle(request, async () => {
    const { user, session, emailPending } = await updateProfile(await getViewer(), await readJson(request), request.headers.get("user-agent"));
    const response = json({ ...user, emailPending, message: translated(request, emailPending ? "Profile.emailPending" : "Profile.updated") });
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
