import { getFormatter, getTranslations } from "next-intl/server";

import type { HoursReportRow } from "@/features/hours/answers";
import { Link } from "@/i18n/navigation";

import { DismissHoursReports } from "./dismiss-hours-reports";

/** /admin/reviews: services drivers said have wrong hours or have closed, the most reported first. */
export async function HoursReports({ rows }: { rows: HoursReportRow[] }) {
  const [t, format] = await Promise.all([getTranslations("HoursFreshness"), getFormatter()]);
  return (
    <section aria-labelledby="hours-reports" className="space-y-3">
      <h2 id="hours-reports" className="text-xl font-semibold">
        {t("adminTitle")}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("adminEmpty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {rows.map((row) => (
            <li key={row.serviceId} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <Link href={`/service/${row.serviceId}`} className="font-semibold text-brand-700 hover:underline">
                {row.name}
              </Link>
              <span className="text-slate-700">
                {t("adminRow", { wrong: row.wrongHours, closed: row.closedPermanently })}
              </span>
              <span className="text-slate-500">{format.relativeTime(new Date(row.latest))}</span>
              <DismissHoursReports serviceId={row.serviceId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
