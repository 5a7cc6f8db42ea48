import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { cancelBooking } from "@/features/requests/booking/server/booking";
import { handle, json, readJson } from "@/lib/http/answers";

/** Either side cancels the booking, with a reason. */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await cancelBooking(await getViewer(), id, await readJson(request)));
  });
}
