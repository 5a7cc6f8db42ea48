import type { NextRequest } from "next/server";
import { resendConfirmation } from "@/lib/server/accounts";
import { handle, json, readJson, requestLocale, translate } from "@/lib/server/http";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const locale = requestLocale(request);
    const body = (await readJson(request)) as { email?: unknown } | null;
    const { message } = await resendConfirmation(body?.email);
    return json({ message: translate(locale, message) });
  });
}
