import type { NextRequest } from "next/server";

import { calendarFeedIcs } from "@/features/requests/booking/server/booking-ics";
import { handle } from "@/lib/http/answers";

/** An owner's private calendar feed ({token}.ics): no session, the token is the key. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ file: string }> }) {
  return handle(request, async () => {
    const body = await calendarFeedIcs((await params).file);
    return new Response(body, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="maister-bookings.ics"',
        "Cache-Control": "private, max-age=300",
      },
    });
  });
}
