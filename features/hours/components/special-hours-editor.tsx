"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";

import { useListSave } from "@/components/ui/use-list-save";
import { formatMinutes } from "@/domain/service/clock";
import type { SpecialHoursView } from "@/features/hours/answers";
import type { Holiday, HolidayDate } from "@/features/hours/holidays";
import { SPECIAL_HOURS_MAX, SPECIAL_REASON_MAX } from "@/features/hours/rules";

type Entry = {
  key: number;
  startsOn: string;
  endsOn: string;
  closed: boolean;
  opening: string;
  closing: string;
  reason: string;
  holiday: Holiday | null;
};

let nextKey = 0;
const toEntry = (view: SpecialHoursView): Entry => ({
  key: nextKey++,
  startsOn: view.startsOn,
  endsOn: view.endsOn,
  closed: view.closed,
  opening: formatMinutes(view.opensAt),
  closing: formatMinutes(view.closesAt),
  reason: view.reason,
  holiday: view.holiday,
});
const blank = (startsOn: string, endsOn = startsOn): Entry => ({
  key: nextKey++,
  startsOn,
  endsOn,
  closed: true,
  opening: "09:00",
  closing: "18:00",
  reason: "",
  holiday: null,
});
const dayAfter = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The owner's dated exceptions: public holidays in one click, single dates closed or with other
 * hours, and temporary closures over a range. Saved as a whole list, as the API takes it.
 */
export function SpecialHoursEditor({
  serviceId,
  initial,
  today,
  holidays,
}: {
  serviceId: string;
  initial: SpecialHoursView[];
  today: string;
  holidays: HolidayDate[];
}) {
  const t = useTranslations("SpecialHours");
  const format = useFormatter();
  const [entries, setEntries] = useState(() => initial.map(toEntry));
  const { errors, save, errorFor, saveButton } = useListSave<SpecialHoursView[]>(
    `/api/items/users/${serviceId}/special-hours`,
    {
      saved: t("saved"),
      invalid: t("invalid"),
    },
  );
  const id = useId();

  const dateLabel = (date: string) =>
    format.dateTime(new Date(`${date}T12:00:00Z`), {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
  const update = (key: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const add = (entry: Entry) =>
    setEntries((list) => [...list, entry].sort((a, b) => a.startsOn.localeCompare(b.startsOn)));
  const taken = new Set(entries.map((entry) => entry.startsOn));
  const offered = holidays.filter((holiday) => !taken.has(holiday.date));

  function saveAll() {
    const body = {
      entries: entries.map(({ startsOn, endsOn, closed, opening, closing, reason, holiday }) => ({
        startsOn,
        endsOn,
        closed,
        opening,
        closing,
        reason,
        holiday,
      })),
    };
    void save(body, (saved) => setEntries(saved.map(toEntry)));
  }

  const input = "w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 sm:w-auto";
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-slate-600">{t("hint")}</p>
      </div>
      {entries.length === 0 ? <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t("empty")}</p> : null}
      <ul className="space-y-3">
        {entries.map((entry, index) => {
          const message = errorFor("entries", index);
          const range = entry.endsOn !== entry.startsOn;
          return (
            <li
              key={entry.key}
              className={`space-y-2 rounded-lg border p-3 ${message ? "border-red-400" : "border-slate-200"}`}
            >
              <div className="flex items-start justify-between gap-2">
                {/* What the entry is at a glance: the holiday, else its date or dates. */}
                <p className="text-sm font-semibold">
                  {entry.holiday
                    ? t("holiday", { holiday: entry.holiday })
                    : range
                      ? t("range", { from: dateLabel(entry.startsOn), to: dateLabel(entry.endsOn) })
                      : dateLabel(entry.startsOn)}
                </p>
                <button
                  type="button"
                  onClick={() => setEntries((list) => list.filter((candidate) => candidate.key !== entry.key))}
                  className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                  aria-label={t("remove", { date: dateLabel(entry.startsOn) })}
                >
                  ✕
                </button>
              </div>
              {/* Two columns on a phone (dates, then hours, then the reason across), one row from sm up. */}
              <div className="grid grid-cols-2 items-end gap-3 text-sm sm:flex sm:flex-wrap">
                <label className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium">{range ? t("from") : t("date")}</span>
                  <input
                    type="date"
                    className={input}
                    value={entry.startsOn}
                    min={today}
                    onChange={(event) =>
                      update(entry.key, {
                        startsOn: event.target.value,
                        endsOn: range ? entry.endsOn : event.target.value,
                      })
                    }
                  />
                </label>
                {range ? (
                  <label className="flex min-w-0 flex-col gap-1">
                    <span className="font-medium">{t("to")}</span>
                    <input
                      type="date"
                      className={input}
                      value={entry.endsOn}
                      min={entry.startsOn}
                      onChange={(event) => update(entry.key, { endsOn: event.target.value })}
                    />
                  </label>
                ) : null}
                <label className={`flex items-center gap-2 py-1.5 ${range ? "col-span-2" : ""}`}>
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={entry.closed}
                    disabled={range}
                    onChange={(event) => update(entry.key, { closed: event.target.checked })}
                  />
                  <span>{t("closedAllDay")}</span>
                </label>
                {entry.closed ? null : (
                  <>
                    <label className="flex min-w-0 flex-col gap-1">
                      <span className="font-medium">{t("opening")}</span>
                      <input
                        type="time"
                        className={input}
                        value={entry.opening}
                        onChange={(event) => update(entry.key, { opening: event.target.value })}
                      />
                    </label>
                    <label className="flex min-w-0 flex-col gap-1">
                      <span className="font-medium">{t("closing")}</span>
                      <input
                        type="time"
                        className={input}
                        value={entry.closing}
                        onChange={(event) => update(entry.key, { closing: event.target.value })}
                      />
                    </label>
                  </>
                )}
                <label className="col-span-2 flex min-w-0 flex-col gap-1 sm:min-w-40 sm:flex-1">
                  <span className="font-medium">{t("reason")}</span>
                  <input
                    className={input}
                    value={entry.reason}
                    maxLength={SPECIAL_REASON_MAX}
                    onChange={(event) => update(entry.key, { reason: event.target.value })}
                  />
                </label>
              </div>
              {message ? (
                <p role="alert" className="text-sm text-red-700">
                  {message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={entries.length >= SPECIAL_HOURS_MAX}
          onClick={() => add(blank(dayAfter(today)))}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {t("addDate")}
        </button>
        <button
          type="button"
          disabled={entries.length >= SPECIAL_HOURS_MAX}
          onClick={() => add(blank(dayAfter(today), dayAfter(today, 7)))}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {t("addClosure")}
        </button>
      </div>
      {offered.length ? (
        <details className="rounded-lg bg-slate-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t("holidays")}</summary>
          <p className="mt-2 text-slate-600">{t("holidaysHint")}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {offered.map((holiday) => (
              <li key={holiday.date}>
                <button
                  type="button"
                  disabled={entries.length >= SPECIAL_HOURS_MAX}
                  onClick={() => add({ ...blank(holiday.date), holiday: holiday.holiday })}
                  className="rounded-full border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-100 disabled:opacity-60"
                >
                  {t("addHoliday", {
                    holiday: t("holiday", { holiday: holiday.holiday }),
                    date: dateLabel(holiday.date),
                  })}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {errors.entries ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.entries}
        </p>
      ) : null}
      {saveButton(t("save"), saveAll)}
    </section>
  );
}
