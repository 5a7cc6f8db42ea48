import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getCalendarFeed, removeCalendarFeed, renewCalendarFeed } from "@/features/requests/booking/server/booking-ics";
import { handle, json } from "@/lib/http/answers";

/** The address of the owner's private calendar feed, or null. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await getCalendarFeed(await getViewer())));
}

/** A new address: the old one stops working. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await renewCalendarFeed(await getViewer())));
}

/** The feed turned off. */
export async function DELETE(request: NextRequest) {
  return handle(request, async () => json(await removeCalendarFeed(await getViewer())));
}
