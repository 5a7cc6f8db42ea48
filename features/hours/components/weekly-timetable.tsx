import { getTranslations } from "next-intl/server";

import type { Timetable } from "@/domain/service/timetable-answer";
import { WEEKDAYS } from "@/domain/service/week";

export async function WeeklyTimetable({ timetable, today }: { timetable: Timetable; today: number }) {
  const t = await getTranslations("ServiceDetail");
  const days = await getTranslations("Weekdays");
  return (
    <table className="w-full max-w-md text-sm">
      <caption className="sr-only">{t("timetable")}</caption>
      <tbody>
        {WEEKDAYS.map((day, index) => {
          const hours = timetable[day];
          const isToday = index + 1 === today;
          const text = hours.closed
            ? t("closed")
            : hours.opening === "00:00" && hours.closing === "24:00"
              ? t("allDay")
              : `${hours.opening} – ${hours.closing}`;
          return (
            <tr key={day} aria-current={isToday ? "date" : undefined} className="hours-row">
              <th scope="row" className="hours-day">
                {days(day)}
                {isToday ? <span className="ml-1 text-brand-700">({t("today")})</span> : null}
              </th>
              {/* Slate-600, not 500: 6.97:1 on today's blue row and 7.25:1 on the page (500 made 4.38:1 on that row, under WCAG's 4.5). */}
              <td className={hours.closed ? "hours-time text-slate-600" : "hours-time"}>{text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
