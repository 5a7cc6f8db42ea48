import { useFormatter, useTranslations } from "next-intl";

import { Link } from "@/i18n/navigation";

import type { CalendarEntry, CalendarWeek } from "../answers";
import { BOOKING_TIME_ZONE } from "../rules";
import { CalendarFeedBox } from "./calendar-feed";

/**
 * An owner's week of bookings: seven columns at desktop widths, a list by day on a phone (the same
 * markup, laid out by the grid). Each booking says its time, length, job, car and service, and
 * links to the inbox; slots still proposed read as tentative. The week's links move a week back or
 * on, or to this week; under it, the private calendar feed.
 */
export function CalendarWeekView({ week, feedUrl }: { week: CalendarWeek; feedUrl: string | null }) {
  const t = useTranslations("Booking.calendar");
  const format = useFormatter();
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);
  const dayName = (date: string) =>
    format.dateTime(noon(date), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const short = (date: string) => format.dateTime(noon(date), { day: "numeric", month: "long", timeZone: "UTC" });
  const empty = week.days.every((day) => day.entries.length === 0);
  const link = (monday: string) => ({ pathname: "/requests/calendar", query: { week: monday } });
  const NAV =
    "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600";
  return (
    <section aria-labelledby="calendar-title" className="space-y-5">
      <div>
        <h1 id="calendar-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-sm text-slate-600">{t("intro")}</p>
      </div>
      <nav aria-label={t("title")} className="flex flex-wrap items-center gap-2">
        <Link href={link(week.previous)} className={NAV}>
          <span aria-hidden>←</span>&nbsp;{t("previous")}
        </Link>
        <Link href={link(week.thisWeek)} className={NAV} aria-current={week.isThisWeek ? "page" : undefined}>
          {t("thisWeek")}
        </Link>
        <Link href={link(week.next)} className={NAV}>
          {t("next")}&nbsp;<span aria-hidden>→</span>
        </Link>
        <p className="ml-auto text-sm font-medium" aria-live="polite">
          {t("week", { from: short(week.days[0]!.date), to: short(week.days[6]!.date) })}
        </p>
      </nav>
      {empty ? <p className="rounded-xl bg-slate-100 p-5 text-slate-800">{t("empty")}</p> : null}
      <ol className="grid gap-3 lg:grid-cols-7">
        {week.days.map((day) => (
          <li
            key={day.date}
            className={`rounded-xl border border-slate-200 bg-white p-2 ${day.entries.length ? "" : "hidden lg:block"}`}
          >
            <h2 className="mb-2 text-sm font-semibold first-letter:uppercase">{dayName(day.date)}</h2>
            <ul className="space-y-2">
              {day.entries.map((entry) => (
                <li key={`${entry.requestId}-${entry.start}`}>
                  <Entry entry={entry} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <CalendarFeedBox initialUrl={feedUrl} />
    </section>
  );
}

function Entry({ entry }: { entry: CalendarEntry }) {
  const t = useTranslations("Booking.calendar");
  const tp = useTranslations("Booking.panel");
  const format = useFormatter();
  const start = new Date(entry.start);
  const time = format.dateTime(start, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: BOOKING_TIME_ZONE,
  });
  return (
    <article
      className={`space-y-1 rounded-lg p-2 text-sm break-words ${
        entry.tentative
          ? "border border-dashed border-amber-400 bg-amber-50"
          : "border border-emerald-300 bg-emerald-50"
      }`}
      data-tentative={entry.tentative || undefined}
    >
      <p className="font-semibold">
        {time} · {t("minutes", { minutes: entry.minutes })}
      </p>
      {entry.tentative ? <p className="text-xs text-amber-900">{t("tentative")}</p> : null}
      {entry.status === "rescheduled" ? <p className="text-xs text-amber-900">{t("moving")}</p> : null}
      {entry.status === "done" || entry.status === "no_show" ? (
        <p className="text-xs text-slate-700">{tp("status", { status: entry.status })}</p>
      ) : null}
      <p>{entry.job}</p>
      <p className="text-slate-700">{entry.car}</p>
      <p className="text-slate-700">{entry.serviceName}</p>
      <Link href={{ pathname: "/requests/inbox", query: { status: "all" } }} className="text-brand-700 underline">
        {t("openInbox")}
      </Link>
    </article>
  );
}
