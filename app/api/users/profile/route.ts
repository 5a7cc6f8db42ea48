import type { NextRequest } from "next/server";
import { updateProfile } from "@/lib/server/accounts";
import { handle, json, readJson } from "@/lib/server/http";
import { createSessionToken, getViewer, sessionCookie } from "@/lib/server/session";

export async function PUT(request: NextRequest) {
  return handle(request, async () => {
    const viewer = await getViewer();
    const { tokenVersion, ...user } = await updateProfile(viewer, await readJson(request));
    // This session continues with the new token version; every other one has just ended.
    const response = json(user);
    response.cookies.set(sessionCookie(await createSessionToken({ ...user, tokenVersion })));
    return response;
  });
}
