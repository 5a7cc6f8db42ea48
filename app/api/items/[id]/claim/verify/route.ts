import { createTranslator } from "next-intl";
import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { verifyClaim, WrongClaimCode } from "@/features/claims/server/verify-claim";
import { MESSAGES } from "@/i18n/messages";
import { handle, json, readJson, requestLocale } from "@/lib/http/answers";

/** Verifies the claim with the code from the place's mail; a wrong code's 400 says how many tries are left. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const locale = requestLocale(request);
    try {
      return json(await verifyClaim(await getViewer(), (await params).id, await readJson(request), locale));
    } catch (error) {
      if (!(error instanceof WrongClaimCode)) throw error;
      const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Claims" });
      const message = error.triesLeft > 0 ? t("codeWrong", { count: error.triesLeft }) : t("codeLocked");
      return json({ message, key: error.key, triesLeft: error.triesLeft }, { status: 400 });
    }
  });
}
