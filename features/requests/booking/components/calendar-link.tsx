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
      {/* Drawn, not an emoji: a phone without a colour emoji font shows a box instead. */}
      <svg aria-hidden viewBox="0 0 16 16" className="size-4">
        <rect x="2" y="3" width="12" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      {t("inboxLink")}
    </Link>
  );
}
