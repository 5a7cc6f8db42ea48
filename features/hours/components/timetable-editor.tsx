"use client";

import { useTranslations } from "next-intl";

import type { Timetable } from "@/domain/service/timetable-answer";
import { WEEKDAYS, type Weekday } from "@/domain/service/week";

type Props = {
  value: Timetable;
  onChange: (timetable: Timetable) => void;
  disabled?: boolean;
  errors?: Partial<Record<Weekday, string>>;
};

/** One row per day: closed, opens, closes. Native time inputs, so keyboards and phones get their pickers. */
export function TimetableEditor({ value, onChange, disabled, errors = {} }: Props) {
  const t = useTranslations("ServiceForm");
  const tw = useTranslations("Weekdays");
  const set = (day: Weekday, change: Partial<Timetable[Weekday]>) =>
    onChange({ ...value, [day]: { ...value[day], ...change } });

  return (
    <fieldset className="text-sm" disabled={disabled}>
      <legend className="font-medium">{t("timetable")}</legend>
      <div className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {WEEKDAYS.map((day) => (
          <div key={day} className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-2 sm:grid-cols-[8rem_8rem_1fr_1fr]">
            <span className="font-medium">{tw(day)}</span>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={value[day].closed}
                onChange={(event) => set(day, { closed: event.target.checked })}
                className="size-4"
              />
              {t("closed")}
            </label>
            <label className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
              <span className="text-xs text-slate-600 sm:text-sm">{t("opening")}</span>
              <input
                type="time"
                value={value[day].opening}
                disabled={disabled || value[day].closed}
                aria-invalid={errors[day] ? true : undefined}
                onChange={(event) => set(day, { opening: event.target.value })}
                className="rounded-md border border-slate-300 px-2 py-1 disabled:bg-slate-100 aria-invalid:border-red-500"
              />
            </label>
            <label className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
              <span className="text-xs text-slate-600 sm:text-sm">{t("closing")}</span>
              <input
                type="time"
                value={value[day].closing}
                disabled={disabled || value[day].closed}
                aria-invalid={errors[day] ? true : undefined}
                onChange={(event) => set(day, { closing: event.target.value })}
                className="rounded-md border border-slate-300 px-2 py-1 disabled:bg-slate-100 aria-invalid:border-red-500"
              />
            </label>
            {errors[day] ? (
              <span role="alert" className="col-span-full text-xs font-medium text-red-700">
                {t("dayError", { day: tw(day), message: errors[day] })}
              </span>
            ) : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
