import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { bookingIcs } from "@/features/requests/booking/server/booking-ics";
import { handle, requestLocale } from "@/lib/http/answers";

/** The agreed slot as an iCalendar file, for the driver and the chosen shop. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    const body = await bookingIcs(await getViewer(), id, requestLocale(request));
    return new Response(body, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="booking-${id.toLowerCase()}.ics"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
