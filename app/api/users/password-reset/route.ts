import type { NextRequest } from "next/server";

import { requestPasswordReset } from "@/features/accounts/server/password-reset";
import { clientIp, handle, json, readJson, requestLocale, translated } from "@/lib/http/answers";

/** Always 202 with the same words, whether or not the address has an account. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await requestPasswordReset(await readJson(request), requestLocale(request), clientIp(request));
    return json({ message: translated(request, message) }, { status: 202 });
  });
}
