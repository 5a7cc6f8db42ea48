import type { NextRequest } from "next/server";

import { clearedSessionCookie, getViewer } from "@/features/accounts/server/session";
import { signOutEverywhere } from "@/features/my-account/server/profile";
import { handle, json } from "@/lib/http/answers";

/** "Sign out everywhere": ends every session of the viewer, this one included. */
export async function DELETE(request: NextRequest) {
  return handle(request, async () => {
    const response = json(await signOutEverywhere(await getViewer()));
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
