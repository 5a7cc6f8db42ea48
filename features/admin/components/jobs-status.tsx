import type { Locale } from "next-intl";
import { getTranslations } from "next-intl/server";

import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { Viewer } from "@/features/accounts/server/session";
import { listJobStatuses } from "@/features/admin/server/jobs";
import { DATE_LOCALES } from "@/i18n/locale";
import type { JobState } from "@/lib/jobs/job-health";
import type { JobStatus, ScheduledJob } from "@/lib/jobs/job-runs";

const STATE_STYLE: Record<JobState, string> = {
  neverRun: "bg-slate-100 text-slate-700",
  running: "bg-brand-50 text-brand-800",
  succeeded: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
  interrupted: "bg-amber-100 text-amber-900",
};

/** The job's interval in its largest whole unit ("10 sec", "1 hr", "7 days"; "10 с", "1 год", "7 дн."). */
function intervalText(everyMs: number, locale: string): string {
  const [value, unit] =
    everyMs % 86_400_000 === 0
      ? [everyMs / 86_400_000, "day"]
      : everyMs % 3_600_000 === 0
        ? [everyMs / 3_600_000, "hour"]
        : everyMs % 60_000 === 0
          ? [everyMs / 60_000, "minute"]
          : [everyMs / 1000, "second"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value);
}

/** /admin/inbox: each periodic job's state, last start, success and failure (with its message). */
export async function JobsStatus({
  viewer,
  locale,
  jobs: list,
}: {
  viewer: Viewer;
  locale: Locale;
  jobs: ScheduledJob[];
}) {
  const t = await getTranslations("Admin");
  const jobs: JobStatus[] = await listJobStatuses(viewer, list);
  const when = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: DEFAULT_TIME_ZONE,
  });
  const time = (iso: string | null) =>
    iso ? (
      <time dateTime={iso}>{when.format(new Date(iso))}</time>
    ) : (
      <span className="text-slate-500">{t("jobNever")}</span>
    );
  const nothingRan = jobs.every((job) => job.state === "neverRun");
  return (
    <section aria-labelledby="jobs-title" className="space-y-3">
      <h2 id="jobs-title" className="text-xl font-semibold">
        {t("jobsTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("jobsText")}</p>
      {nothingRan ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("noJobs")}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {jobs.map((job) => (
            <li
              key={job.name}
              className={`min-w-0 rounded-xl border bg-white p-4 ${job.overdue || job.state === "failed" ? "border-red-300" : "border-slate-200"}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="mr-auto font-semibold break-words">{t(`jobNames.${job.name as "purge"}`)}</h3>
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATE_STYLE[job.state]}`}>
                  {t(`jobStates.${job.state}`)}
                </span>
                {job.overdue ? (
                  <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-medium text-white">
                    {t("jobOverdue")}
                  </span>
                ) : null}
              </div>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">{t("jobInterval")}</dt>
                <dd>{intervalText(job.everyMs, DATE_LOCALES[locale])}</dd>
                <dt className="text-slate-600">{t("jobLastStarted")}</dt>
                <dd>{time(job.lastStartedAt)}</dd>
                <dt className="text-slate-600">{t("jobLastSucceeded")}</dt>
                <dd>{time(job.lastSucceededAt)}</dd>
                <dt className="text-slate-600">{t("jobLastFailed")}</dt>
                <dd>
                  {time(job.lastFailedAt)}
                  {job.lastError ? (
                    <span className="mt-0.5 block break-words text-red-800">{job.lastError}</span>
                  ) : null}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
