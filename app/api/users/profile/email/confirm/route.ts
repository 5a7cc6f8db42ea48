import type { NextRequest } from "next/server";
import { handle, json, readJson, translated } from "@/lib/server/http";
import { confirmEmailChange } from "@/lib/server/profile";
import { clearedSessionCookie } from "@/lib/server/session";

/** { token } from the link mailed to the new address; every session ends with the change. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await confirmEmailChange(await readJson(request));
    const response = json({ message: translated(request, message) });
    response.cookies.set(clearedSessionCookie());
    return response;
  });
}
