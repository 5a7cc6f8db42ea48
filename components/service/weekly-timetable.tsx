import { getTranslations } from "next-intl/server";
import { WEEKDAYS, type Timetable } from "@/lib/constants";

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
            <tr
              key={day}
              aria-current={isToday ? "date" : undefined}
              className="border-b border-slate-100 aria-[current=date]:bg-brand-50 aria-[current=date]:font-semibold"
            >
              <th scope="row" className="py-1.5 pl-2 text-left font-normal aria-[current=date]:font-semibold">
                {days(day)}
                {isToday ? <span className="ml-1 text-brand-700">({t("today")})</span> : null}
              </th>
              <td className={hours.closed ? "py-1.5 pr-2 text-right text-slate-500" : "py-1.5 pr-2 text-right"}>{text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
