import type { NextRequest } from "next/server";

import { confirmEmailChange } from "@/features/accounts/server/profile";
import { clearedSessionCookie } from "@/features/accounts/server/session";
import { handle, json, readJson, translated } from "@/lib/http/answers";

/** { token } from the link mailed to the new address; every session ends with the change. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await confirmEmailChange(await readJson(request));
    const response = json({ message: translated(request, message) });
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
