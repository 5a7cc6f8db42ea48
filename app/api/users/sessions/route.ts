import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { signOutEverywhere } from "@/lib/server/profile";
import { clearedSessionCookie, getViewer } from "@/lib/server/session";

/** "Sign out everywhere": ends every session of the viewer, this one included. */
export async function DELETE(request: NextRequest) {
  return handle(request, async () => {
    const response = json(await signOutEverywhere(await getViewer()));
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
