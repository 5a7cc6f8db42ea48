import type { NextRequest } from "next/server";

import { clearedSessionCookie, getViewer } from "@/features/accounts/server/session";
import { confirmEmailChange } from "@/features/my-account/server/profile";
import { handle, json, readJson, translated } from "@/lib/http/answers";

/**
 * { token, currentPassword? }: the link mailed to the new address, and the account's password
 * unless this browser is signed in to that account. Every session of that account ends with the
 * change; a browser signed in to another account (which gave the owner's password) stays signed in.
 */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const viewer = await getViewer();
    const { message, userId } = await confirmEmailChange(viewer, await readJson(request));
    const response = json({ message: translated(request, message) });
    if (viewer?.id === userId) response.cookies.set(clearedSessionCookie());
    return response;
  });
}
