import type { NextRequest } from "next/server";

import { confirmEmailChange } from "@/features/accounts/server/profile";
import { clearedSessionCookie, getViewer } from "@/features/accounts/server/session";
import { handle, json, readJson, translated } from "@/lib/http/answers";

/**
 * { token, currentPassword? }: the link mailed to the new address, and the account's password
 * unless this browser is signed in to that account. Every session ends with the change.
 */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await confirmEmailChange(await getViewer(), await readJson(request));
    const response = json({ message: translated(request, message) });
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
