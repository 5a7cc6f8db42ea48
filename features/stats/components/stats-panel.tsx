import { getFormatter, getTranslations } from "next-intl/server";

import type { ServiceStats } from "@/features/stats/answers";
import { axisDayIndexes, STAT_KINDS } from "@/features/stats/events";

const WIDTH = 300;
const HEIGHT = 60;
// The busiest day's bar reaches the dashed line the value axis labels.
const TOP = 4;

/**
 * /mystos and the master's profile: the last 30 days in totals and a bar per day of views, with a
 * date axis (first, middle and last day) and a value axis up to the busiest day; the same numbers
 * as a table for screen readers, the picture being a summary.
 */
export async function StatsPanel({ stats }: { stats: ServiceStats }) {
  const [t, format] = await Promise.all([getTranslations("Stats"), getFormatter()]);
  const empty = STAT_KINDS.every((kind) => stats.totals[kind] === 0);
  const peak = Math.max(1, ...stats.days.map((entry) => entry.counts.view));
  const busiest = stats.days.reduce(
    (best, entry) => (entry.counts.view > best.counts.view ? entry : best),
    stats.days[0]!,
  );
  const bar = WIDTH / stats.days.length;
  const day = (date: string) =>
    format.dateTime(new Date(`${date}T12:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
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
          <figure className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
            <div
              data-axis="y"
              aria-hidden
              className="flex h-16 flex-col justify-between text-right text-xs text-slate-500 tabular-nums"
            >
              <span>{format.number(peak)}</span>
              <span>{format.number(0)}</span>
            </div>
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={t("chart", { views: stats.totals.view, day: day(busiest.day), most: busiest.counts.view })}
              className="h-16 w-full border-b border-l border-slate-300"
            >
              <line
                x1={0}
                x2={WIDTH}
                y1={TOP}
                y2={TOP}
                strokeDasharray="4 4"
                vectorEffect="non-scaling-stroke"
                className="stroke-slate-300"
              />
              {stats.days.map((entry, index) => {
                const height = (entry.counts.view / peak) * (HEIGHT - TOP);
                return (
                  <rect
                    key={entry.day}
                    x={index * bar + 1}
                    y={HEIGHT - height}
                    width={Math.max(1, bar - 2)}
                    height={height}
                    rx={1}
                    className="fill-brand-600"
                  />
                );
              })}
            </svg>
            <div data-axis="x" aria-hidden className="col-start-2 flex justify-between text-xs text-slate-500">
              {axisDayIndexes(stats.days.length).map((index) => (
                <time key={index} dateTime={stats.days[index]!.day}>
                  {day(stats.days[index]!.day)}
                </time>
              ))}
            </div>
            <table className="sr-only">
              <caption>{t("table")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("day")}</th>
                  <th scope="col">{t("kind", { kind: "view" })}</th>
                </tr>
              </thead>
              <tbody>
                {stats.days.map((entry) => (
                  <tr key={entry.day}>
                    <th scope="row">{day(entry.day)}</th>
                    <td>{format.number(entry.counts.view)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
          <p className="text-xs text-slate-500">{t("privacy")}</p>
        </div>
      )}
    </details>
  );
}
