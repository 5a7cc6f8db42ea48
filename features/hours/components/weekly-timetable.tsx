import { getTranslations } from "next-intl/server";

import { WEEKDAYS, type Timetable } from "@/features/hours/week";

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
              <td className={hours.closed ? "hours-time text-slate-500" : "hours-time"}>{text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
