import type { NextRequest } from "next/server";

import { resendConfirmation } from "@/features/accounts/server/accounts";
import { handle, json, readJson, requestLocale, translated } from "@/lib/http/answers";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await resendConfirmation(await readJson(request), requestLocale(request));
    return json({ message: translated(request, message) });
  });
}
