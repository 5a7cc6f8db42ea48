import { useTranslations } from "next-intl";

/**
 * In place of the weekly timetable when the hours are not known (an imported place whose
 * OpenStreetMap opening_hours could not be read faithfully): the original text as OSM has it,
 * and nothing that says open or closed.
 */
export function HoursUnknown({ hoursText }: { hoursText: string }) {
  const t = useTranslations("Osm");
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">{t("hoursUnknown")}</p>
      {hoursText ? (
        <p>
          {t.rich("hoursSays", {
            text: hoursText,
            hours: (chunks) => (
              <code lang="en" className="rounded bg-white px-1 py-0.5 break-words text-slate-900 ring-1 ring-slate-200">
                {chunks}
              </code>
            ),
          })}
        </p>
      ) : null}
      <p className="text-slate-600">{t("hoursUnknownNote")}</p>
    </div>
  );
}
