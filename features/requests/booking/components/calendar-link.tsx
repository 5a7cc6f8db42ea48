import { useTranslations } from "next-intl";

import { Link } from "@/i18n/navigation";

/** The inbox header's way to the owner's week of bookings. */
export function CalendarLink() {
  const t = useTranslations("Booking.calendar");
  return (
    <Link
      href="/requests/calendar"
      className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline"
    >
      <span aria-hidden>📅</span> {t("inboxLink")}
    </Link>
  );
}
