import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { CalendarWeekView } from "@/features/requests/booking/components/calendar-week";
import { getCalendarFeed, ownsAService } from "@/features/requests/booking/server/booking-ics";
import { ownerWeek } from "@/features/requests/booking/server/calendar-week";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ week?: string | string[] }>;
};

export const generateMetadata = privatePageMetadata("Booking.calendar.title");

/** The owner's week of bookings across their services, with their private calendar feed. */
export default async function BookingCalendarPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const { week } = await searchParams;
  const day = Array.isArray(week) ? week[0] : week;
  const path = `/requests/calendar${day ? `?week=${day}` : ""}`;
  const viewer = await guardPage("signedIn", path, locale);
  // A station's owner or a master: anyone else is sent on as the station owners' pages send them.
  if (!ownsAService(viewer)) await guardPage("stationOwner", path, locale);
  const [calendar, feed] = await Promise.all([ownerWeek(viewer, { week: day }, locale), getCalendarFeed(viewer)]);
  return (
    <ClientMessages route="requests/calendar">
      <CalendarWeekView week={calendar} feedUrl={feed.url} />
    </ClientMessages>
  );
}
