import { getFormatter, getTranslations } from "next-intl/server";
import { STAT_KINDS, type ServiceStats } from "@/lib/service-stats";

const WIDTH = 300;
const HEIGHT = 60;

/** /mystos and the master's profile: the last 30 days in totals and a bar per day of views. */
export async function StatsPanel({ stats }: { stats: ServiceStats }) {
  const [t, format] = await Promise.all([getTranslations("Stats"), getFormatter()]);
  const empty = STAT_KINDS.every((kind) => stats.totals[kind] === 0);
  const peak = Math.max(1, ...stats.days.map((entry) => entry.counts.view));
  const busiest = stats.days.reduce((best, entry) => (entry.counts.view > best.counts.view ? entry : best), stats.days[0]!);
  const bar = WIDTH / stats.days.length;
  const day = (date: string) => format.dateTime(new Date(`${date}T12:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <details className="w-full rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-semibold">{t("title", { days: stats.days.length })}</summary>
      {empty ? (
        <p className="mt-2 text-slate-600">{t("empty")}</p>
      ) : (
        <div className="mt-2 space-y-3">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {STAT_KINDS.map((kind) => (
              <div key={kind} className="rounded-md bg-slate-50 p-2">
                <dt className="text-slate-600">{t("kind", { kind })}</dt>
                <dd className="text-lg font-semibold">{format.number(stats.totals[kind])}</dd>
              </div>
            ))}
          </dl>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t("chart", { views: stats.totals.view, day: day(busiest.day), most: busiest.counts.view })}
            className="h-16 w-full"
          >
            {stats.days.map((entry, index) => {
              const height = (entry.counts.view / peak) * (HEIGHT - 4);
              return (
                <rect key={entry.day} x={index * bar + 1} y={HEIGHT - height} width={Math.max(1, bar - 2)} height={height} rx={1} className="fill-brand-600" />
              );
            })}
          </svg>
          <p className="text-xs text-slate-500">{t("privacy")}</p>
        </div>
      )}
    </details>
  );
}
