import type { NextRequest } from "next/server";

import { register } from "@/features/accounts/server/accounts";
import { getViewer } from "@/features/accounts/server/session";
import { listUsers } from "@/features/admin/server/admin";
import { clientIp, handle, json, readJson, requestLocale, translated } from "@/lib/http/answers";

/** Admin list: ?keyword&page → { users, pages, page }. */
export async function GET(request: NextRequest) {
  return handle(request, async () =>
    json(await listUsers(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))),
  );
}

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const { message } = await register(await readJson(request), requestLocale(request), clientIp(request));
    return json({ message: translated(request, message) }, { status: 201 });
  });
}
