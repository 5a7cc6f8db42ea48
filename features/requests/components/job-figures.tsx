import { useTranslations } from "next-intl";

import { JOB_FIGURES_DAYS } from "../rules";

type Figures = { done: number; lateCancels: number; noShows: number };

/**
 * Under a service's response figures: "12 jobs done through Maister", and, when there were any in
 * the last 90 days, its late cancellations and no-shows. Nothing for a service with no job yet.
 */
export function JobFigures({ figures, className = "" }: { figures: Figures; className?: string }) {
  const t = useTranslations("JobFigures");
  const lapses = figures.lateCancels + figures.noShows > 0;
  if (!figures.done && !lapses) return null;
  return (
    <div className={`space-y-1 text-sm ${className}`}>
      {figures.done ? (
        <p className="text-slate-700">
          <span aria-hidden className="mr-1.5 text-teal-700">
            ✔
          </span>
          {t("done", { count: figures.done })}
        </p>
      ) : null}
      {lapses ? (
        <p className="text-amber-900">
          {t("lapses", { days: JOB_FIGURES_DAYS, late: figures.lateCancels, noShows: figures.noShows })}
        </p>
      ) : null}
    </div>
  );
}
