import type { NextRequest } from "next/server";
import { register } from "@/lib/server/accounts";
import { listUsers } from "@/lib/server/admin";
import { clientIp, handle, json, readJson, requestLocale, translate } from "@/lib/server/http";
import { hit } from "@/lib/server/rate-limit";
import { AppError } from "@/lib/server/errors";
import { getViewer } from "@/lib/server/session";

/** Admin list: ?keyword&page → { users, pages, page }. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listUsers(await getViewer(), Object.fromEntries(request.nextUrl.searchParams))));
}

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const locale = requestLocale(request);
    const body = await readJson(request);
    if (!(await hit(`register:${clientIp(request)}`, { max: 10, windowMs: 60 * 60_000 })).allowed) throw new AppError(429, "Auth.tooManyRequests");
    const { message } = await register(body, locale);
    return json({ message: translate(locale, message) }, { status: 201 });
  });
}
