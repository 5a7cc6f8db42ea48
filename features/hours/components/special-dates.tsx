import { getFormatter, getLocale, getTranslations } from "next-intl/server";

import { formatMinutes } from "@/domain/service/clock";
import type { SpecialHoursView } from "@/features/hours/answers";
import { langOfText } from "@/lib/text-language";

/** The service page: dated exceptions ahead (holidays, other hours, closures), under the weekly hours. */
export async function SpecialDates({ entries, today }: { entries: SpecialHoursView[]; today: string }) {
  const ahead = entries.filter((entry) => entry.endsOn >= today);
  if (!ahead.length) return null;
  const [t, format, locale] = await Promise.all([getTranslations("SpecialHours"), getFormatter(), getLocale()]);
  // Dates are calendar days of the service's zone: formatted at noon UTC, they name the same day anywhere.
  const day = (date: string) =>
    format.dateTime(new Date(`${date}T12:00:00Z`), {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
  return (
    <div className="mt-4">
      <h3 className="font-semibold">{t("upcoming")}</h3>
      <ul className="mt-1 divide-y divide-slate-100 text-sm">
        {ahead.map((entry) => (
          <li key={entry.startsOn} className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <span>
              {entry.endsOn === entry.startsOn
                ? day(entry.startsOn)
                : t("range", { from: day(entry.startsOn), to: day(entry.endsOn) })}
              {entry.holiday ? ` · ${t("holiday", { holiday: entry.holiday })}` : ""}
              {/* The owner's own words: marked when written in the other language than the page's. */}
              {entry.reason ? (
                <>
                  {" · "}
                  <span lang={langOfText(entry.reason, locale)}>{entry.reason}</span>
                </>
              ) : null}
            </span>
            <span className={entry.closed ? "font-medium text-red-700" : "font-medium"}>
              {entry.closed
                ? t("closedOn")
                : t("hoursOn", { opening: formatMinutes(entry.opensAt), closing: formatMinutes(entry.closesAt) })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
