import type { NextRequest } from "next/server";

import { confirmEnrolment, disableMfa, startEnrolment } from "@/features/accounts/server/mfa";
import { getViewer } from "@/features/accounts/server/session";
import { handle, json, readJson, translated } from "@/lib/http/answers";

/** { currentPassword }: a new authenticator secret for the signed-in account, not in force until PUT confirms it. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await startEnrolment(await getViewer(), await readJson(request))));
}

/** { code }: turns the second factor on and answers the recovery codes, shown this once. */
export async function PUT(request: NextRequest) {
  return handle(request, async () => json(await confirmEnrolment(await getViewer(), await readJson(request))));
}

/** { currentPassword, code }: turns it off; the recovery codes go with it. */
export async function DELETE(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await disableMfa(await getViewer(), await readJson(request));
    return json({ message: translated(request, message) });
  });
}
