import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getNotificationSettings, putNotificationSettings } from "@/features/notifications/server/settings";
import { handle, json, readJson } from "@/lib/http/answers";

/** What the person hears about, by which channel, and their quiet hours. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await getNotificationSettings(await getViewer())));
}

/** Changes the choices the body names; the rest stay. */
export async function PUT(request: NextRequest) {
  return handle(request, async () => json(await putNotificationSettings(await getViewer(), await readJson(request))));
}
