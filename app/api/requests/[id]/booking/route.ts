import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { confirmBooking, getBooking, proposeBooking } from "@/features/requests/booking/server/booking";
import { handle, json, readJson } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

/** The booked time of an accepted request and what the viewer may do with it now. */
export async function GET(request: NextRequest, { params }: Context) {
  return handle(request, async () => json(await getBooking(await getViewer(), (await params).id)));
}

/** Slots proposed: by the shop first, by either side to move an agreed slot. */
export async function POST(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await proposeBooking(await getViewer(), id, await readJson(request)));
  });
}

/** One slot picked by the side that did not propose. */
export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await confirmBooking(await getViewer(), id, await readJson(request)));
  });
}
