import type { NextRequest } from "next/server";

import { confirmEmail } from "@/features/accounts/server/accounts";
import { startSession } from "@/features/accounts/server/session";
import { clientIp, handle, json, readJson } from "@/lib/http/answers";

/** ?token= from the mail, and { password } chosen at sign-up; signs the user in. */
export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const token = request.nextUrl.searchParams.get("token");
    const { user, session } = await confirmEmail(
      token,
      await readJson(request),
      clientIp(request),
      request.headers.get("user-agent"),
    );
    const response = json(user);
    await startSession(request, response, session);
    return response;
  });
}
