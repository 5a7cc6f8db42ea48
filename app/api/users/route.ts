import type { NextRequest } from "next/server";
import { register } from "@/lib/server/accounts";
import { listUsers } from "@/lib/server/admin";
import { clientIp, handle, json, readJson, requestLocale, translate } from "@/lib/server/http";
import { getViewer } from "@/lib/server/session";

/** Admin list: ?keyword&page → { users, pages, page }. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listUsers(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))));
}

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const locale = requestLocale(request);
    const { message } = await register(await readJson(request), locale, clientIp(request));
    return json({ message: translate(locale, message) }, { status: 201 });
  });
}
