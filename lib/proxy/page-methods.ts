import type { NextRequest } from "next/server";

import { methodNotAllowedResponse } from "@/lib/security/bad-request";
import { isPageMethod } from "@/lib/security/methods";

/**
 * Pages take GET and HEAD; any other method is a 405 naming those two (there are no server actions).
 * TRACE never gets here: lib/security/forbidden-methods.ts refuses it before Next.
 */
export function refuseOtherMethods(request: NextRequest) {
  return isPageMethod(request.method) ? undefined : methodNotAllowedResponse(request);
}
